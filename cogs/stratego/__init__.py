"""Stratego in Discord: its slash commands (`cog`), its images and words from views and events
(`ui`), its words per language (`words/`), its benchmark workload
(`workload`); `extension` is what its registration names as its discord.py extension."""
