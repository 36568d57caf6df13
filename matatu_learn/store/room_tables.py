"""The rooms' tables: the schema's second version (rooms, their seats, moves and games), and the
sixth (the seeds of the rounds after a match's first) and the seventh (the rooms each client
opened lately, and a waiting room that closed by itself).

Kept apart from ``rooms`` (the rooms' repository) so that the schema is whole whatever the
repository imports; a recorded game names the room it was played in.
"""

from .schema import MIGRATIONS

MIGRATIONS.add(
    2,
    "rooms",
    "ALTER TABLE games ADD COLUMN room TEXT NOT NULL DEFAULT ''",
    """CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        version INTEGER NOT NULL,
        switches TEXT NOT NULL DEFAULT '{}',
        played TEXT,
        played_version INTEGER,
        players INTEGER NOT NULL,
        whole_match INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL,
        host INTEGER NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        to_move INTEGER NOT NULL DEFAULT -1,
        moves INTEGER NOT NULL DEFAULT 0,
        changes INTEGER NOT NULL DEFAULT 0,
        round_started_at TEXT NOT NULL DEFAULT '',
        moved_at REAL NOT NULL DEFAULT 0,
        active REAL NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        FOREIGN KEY (ruleset, version) REFERENCES rulesets (name, version),
        FOREIGN KEY (played, played_version) REFERENCES rulesets (name, version)
    )""",
    """CREATE TABLE room_seats (
        room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        token TEXT NOT NULL DEFAULT '',
        seen REAL NOT NULL DEFAULT 0,
        PRIMARY KEY (room, seat)
    )""",
    """CREATE TABLE room_moves (
        room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        by_seat INTEGER NOT NULL,
        agent TEXT NOT NULL DEFAULT '',
        action TEXT NOT NULL,
        made_at TEXT NOT NULL,
        PRIMARY KEY (room, round, number)
    )""",
    """CREATE TRIGGER room_moves_never_change BEFORE UPDATE ON room_moves
       BEGIN SELECT RAISE(ABORT, 'a move made in a room never changes'); END""",
    """CREATE TABLE room_games (
        room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        game INTEGER NOT NULL REFERENCES games (id),
        PRIMARY KEY (room, round)
    )""",
    "CREATE INDEX games_by_room ON games (room) WHERE room != ''",
)

# Each round after a match's first has a seed of its own, drawn when it is dealt (the first comes
# from the room's seed): no round's deal tells anything of another's.
MIGRATIONS.add(
    6,
    "room rounds",
    """CREATE TABLE room_rounds (
        room TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        PRIMARY KEY (room, round)
    )""",
)

# The rooms each client opened lately (its address's SHA-256 and when): a server-wide bound on
# rooms opened per client, shared by every page's kernel; and why a room closed by itself.
MIGRATIONS.add(
    7,
    "room openings",
    "CREATE TABLE room_openings (client TEXT NOT NULL, opened_at REAL NOT NULL)",
    "CREATE INDEX room_openings_by_client ON room_openings (client, opened_at)",
    "ALTER TABLE rooms ADD COLUMN lapsed INTEGER NOT NULL DEFAULT 0",
)
