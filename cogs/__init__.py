"""Discord adapters: one cog per game plus the game-agnostic /game group (DESIGN §5)."""
