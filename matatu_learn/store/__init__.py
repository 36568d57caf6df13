"""Published rule versions and recorded games, in SQLite."""
