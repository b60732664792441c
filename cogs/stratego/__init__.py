"""Stratego in Discord: its slash commands (`cog`), its images and words from views and events
(`ui`), its words per language (`words/`)."""
