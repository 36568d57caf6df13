"""The table and the room, named: what a game at a table is, and what a room shared by several pages adds."""
