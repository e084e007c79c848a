"""The class database's tables, as numbered migrations the store applies itself.

A database records its schema version in `schema_version`; opening a store applies every
migration above it, each in one transaction, so a database made by an older xlib is brought
up to date and one made by a newer xlib is refused rather than misread. A migration gives its
statements for each backend, because SQLite and PostgreSQL name a few types differently."""
from __future__ import annotations

from dataclasses import dataclass

#: backends a migration has statements for
BACKENDS = ("sqlite", "postgresql")


@dataclass(frozen=True)
class Migration:
    """One step of the schema: its version, what it does in words, and its statements per backend."""

    version: int
    what: str
    sqlite: tuple[str, ...]
    postgresql: tuple[str, ...]

    def statements(self, backend: str) -> tuple[str, ...]:
        return self.sqlite if backend == "sqlite" else self.postgresql


def _tables(id_column: str, real: str) -> tuple[str, ...]:
    """Classes, the groups that joined each, and their games; a game belongs to one class and one group."""
    return (
        f"""CREATE TABLE classes (
            code TEXT PRIMARY KEY,
            created {real} NOT NULL,
            closed INTEGER NOT NULL DEFAULT 0)""",
        f"""CREATE TABLE class_groups (
            class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
            group_key TEXT NOT NULL,
            name TEXT NOT NULL,
            joined {real} NOT NULL,
            PRIMARY KEY (class_code, group_key))""",
        f"""CREATE TABLE games (
            id {id_column},
            class_code TEXT NOT NULL,
            group_key TEXT NOT NULL,
            game_key TEXT NOT NULL,
            record TEXT NOT NULL,
            seats TEXT NOT NULL,
            summary TEXT NOT NULL,
            finished INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            created {real} NOT NULL,
            updated {real} NOT NULL,
            UNIQUE (class_code, game_key),
            FOREIGN KEY (class_code, group_key) REFERENCES class_groups (class_code, group_key) ON DELETE CASCADE)""",
        "CREATE INDEX games_by_class ON games (class_code, finished, updated)",
        "CREATE INDEX games_by_group ON games (class_code, group_key, finished, updated)",
    )


def _game_names() -> tuple[str, ...]:
    """Which game each stored game is of: the games stored before this step were all XAllies games (the only
    game a class stored then), so they get its name; a game read by a game and a class finds its rows at once."""
    return (
        "ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'xallies'",
        "CREATE INDEX games_by_game ON games (class_code, game, finished, id)",
    )


def _exercises(real: str) -> tuple[str, ...]:
    """Each group's lesson exercises: solved or not, and how often missed (the teacher sees who is stuck where)."""
    return (
        f"""CREATE TABLE exercises (
            class_code TEXT NOT NULL,
            group_key TEXT NOT NULL,
            game TEXT NOT NULL,
            exercise TEXT NOT NULL,
            solved INTEGER NOT NULL,
            misses INTEGER NOT NULL,
            updated {real} NOT NULL,
            PRIMARY KEY (class_code, group_key, game, exercise),
            FOREIGN KEY (class_code, group_key) REFERENCES class_groups (class_code, group_key) ON DELETE CASCADE)""",
    )


def _live_tables(real: str) -> tuple[str, ...]:
    """Live tables: each a numbered move log (the move number is the authority), its seats and who holds them
    (a seat's ticket kept as its hash), and the claims by which one device plays a computer seat's move. A player
    is a joined group of kind 'player' (a device: a student, or a group at one device) in the app of a game; a
    table's finished game is stored under a group of kind 'table'."""
    return (
        "ALTER TABLE class_groups ADD COLUMN kind TEXT NOT NULL DEFAULT 'group'",
        "ALTER TABLE class_groups ADD COLUMN game TEXT",
        "ALTER TABLE class_groups ADD COLUMN pass_hash TEXT",
        f"ALTER TABLE class_groups ADD COLUMN last_seen {real} NOT NULL DEFAULT 0",
        "ALTER TABLE class_groups ADD COLUMN ticket TEXT",
        "ALTER TABLE class_groups ADD COLUMN table_key TEXT",
        "ALTER TABLE class_groups ADD COLUMN seat INTEGER",
        f"""CREATE TABLE live_tables (
            class_code TEXT NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
            table_key TEXT NOT NULL,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed BIGINT NOT NULL,
            label TEXT NOT NULL,
            round INTEGER NOT NULL,
            design TEXT NOT NULL,
            level TEXT NOT NULL,
            away {real} NOT NULL,
            moves INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL,
            created {real} NOT NULL,
            updated {real} NOT NULL,
            PRIMARY KEY (class_code, table_key))""",
        "CREATE INDEX live_tables_by_round ON live_tables (class_code, round, created)",
        f"""CREATE TABLE table_seats (
            class_code TEXT NOT NULL,
            table_key TEXT NOT NULL,
            seat INTEGER NOT NULL,
            holder TEXT,
            name TEXT,
            ticket_hash TEXT,
            agent TEXT,
            sat {real} NOT NULL,
            PRIMARY KEY (class_code, table_key, seat),
            FOREIGN KEY (class_code, table_key) REFERENCES live_tables (class_code, table_key) ON DELETE CASCADE)""",
        f"""CREATE TABLE table_moves (
            class_code TEXT NOT NULL,
            table_key TEXT NOT NULL,
            ply INTEGER NOT NULL,
            move TEXT NOT NULL,
            seat INTEGER NOT NULL,
            source TEXT NOT NULL,
            at {real} NOT NULL,
            PRIMARY KEY (class_code, table_key, ply),
            FOREIGN KEY (class_code, table_key) REFERENCES live_tables (class_code, table_key) ON DELETE CASCADE)""",
        f"""CREATE TABLE table_claims (
            class_code TEXT NOT NULL,
            table_key TEXT NOT NULL,
            ply INTEGER NOT NULL,
            token_hash TEXT NOT NULL,
            at {real} NOT NULL,
            PRIMARY KEY (class_code, table_key, ply),
            FOREIGN KEY (class_code, table_key) REFERENCES live_tables (class_code, table_key) ON DELETE CASCADE)""",
    )


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "classes, the groups that joined them, and their games",
              sqlite=_tables("INTEGER PRIMARY KEY", "REAL"),
              postgresql=_tables("BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "DOUBLE PRECISION")),
    Migration(2, "the game each stored game is of (those stored before are XAllies games)",
              sqlite=_game_names(), postgresql=_game_names()),
    Migration(3, "each group's lesson exercises: solved, and how often missed",
              sqlite=_exercises("REAL"), postgresql=_exercises("DOUBLE PRECISION")),
    Migration(4, "live tables: move logs, seats and their holders, and the claims of computer seats' moves",
              sqlite=_live_tables("REAL"), postgresql=_live_tables("DOUBLE PRECISION")),
)


def check_migrations(migrations: tuple[Migration, ...]) -> None:
    """Migrations are numbered 1, 2, 3… in order, each with statements for every backend."""
    for i, m in enumerate(migrations, 1):
        if m.version != i:
            raise ValueError(f"migration {i} is numbered {m.version}: migrations are numbered 1, 2, 3… in order")
        if not m.sqlite or not m.postgresql:
            raise ValueError(f"migration {m.version} ({m.what}) needs statements for SQLite and PostgreSQL")
