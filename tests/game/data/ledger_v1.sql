-- A version 1 ledger as the version 1 code wrote it (SQL dump, one wallet of start balance 250):
-- two rounds (the first with a choice and cross-round state), a top-up, and an open round with two choices.
-- Loaded by tests/game/ledger_files.py, which sets PRAGMA user_version = 1. Never edit it.
BEGIN TRANSACTION;
CREATE TABLE account (
    id                  INTEGER PRIMARY KEY CHECK (id = 1),
    balance_cents       INTEGER NOT NULL CHECK (balance_cents >= 0),
    start_balance_cents INTEGER NOT NULL CHECK (start_balance_cents >= 0),
    created_at          TEXT NOT NULL
);
INSERT INTO "account" VALUES(1,1100,250,'2026-11-01T12:00:00.000000+00:00');
CREATE TABLE choices (
    round_id INTEGER NOT NULL REFERENCES rounds(id),
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    choice   INTEGER NOT NULL,
    made_at  TEXT NOT NULL,
    PRIMARY KEY (round_id, seq)
);
INSERT INTO "choices" VALUES(1,0,4,'2026-11-01T12:00:03.000000+00:00');
INSERT INTO "choices" VALUES(3,0,9,'2026-11-01T12:00:10.000000+00:00');
INSERT INTO "choices" VALUES(3,1,2,'2026-11-01T12:00:11.000000+00:00');
CREATE TABLE game_state (
    game_id    TEXT NOT NULL,
    key        TEXT NOT NULL,
    value_json TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (game_id, key)
);
INSERT INTO "game_state" VALUES('stones','passports','1','2026-11-01T12:00:04.000000+00:00');
INSERT INTO "game_state" VALUES('other','flag','true','2026-11-01T12:00:12.000000+00:00');
CREATE TABLE meters (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    rounds_played   INTEGER NOT NULL,
    wagered_cents   INTEGER NOT NULL,
    won_cents       INTEGER NOT NULL,
    topped_up_cents INTEGER NOT NULL
);
INSERT INTO "meters" VALUES(1,3,300,150,1000);
CREATE TABLE rounds (
    id                    INTEGER PRIMARY KEY,
    game_id               TEXT NOT NULL,
    game_sha256           TEXT NOT NULL,
    engine_version        TEXT NOT NULL,
    seed                  TEXT NOT NULL,
    lines                 INTEGER NOT NULL,
    level                 INTEGER NOT NULL,
    coin_value_cents      INTEGER NOT NULL,
    coins_per_level_unit  INTEGER,
    bet_cents             INTEGER NOT NULL CHECK (bet_cents > 0),
    status                TEXT NOT NULL CHECK (status IN ('open', 'closed')),
    win_coins             INTEGER CHECK (win_coins >= 0),
    win_cents             INTEGER CHECK (win_cents >= 0),
    capped                INTEGER CHECK (capped IN (0, 1)),
    balance_before_cents  INTEGER NOT NULL,
    balance_after_cents   INTEGER,
    started_at            TEXT NOT NULL,
    finished_at           TEXT,
    events_json           TEXT,
    session_id            INTEGER REFERENCES sessions(id)
);
INSERT INTO "rounds" VALUES(1,'stones','abababababababababababababababababababababababababababababababab','1.0.0','11',20,1,5,NULL,100,'closed',30,150,0,250,300,'2026-11-01T12:00:02.000000+00:00','2026-11-01T12:00:04.000000+00:00','[{"type":"spin","stops":[1,2,3,4,5]},{"type":"round_end","total_win_coins":30,"capped":false}]',1);
INSERT INTO "rounds" VALUES(2,'stones','abababababababababababababababababababababababababababababababab','1.0.0','18446744073709551611',20,1,5,NULL,100,'closed',0,0,0,300,200,'2026-11-01T12:00:05.000000+00:00','2026-11-01T12:00:06.000000+00:00','[{"type":"spin","stops":[1,2,3,4,5]},{"type":"round_end","total_win_coins":0,"capped":false}]',1);
INSERT INTO "rounds" VALUES(3,'stones','abababababababababababababababababababababababababababababababab','1.0.0','33',20,1,5,NULL,100,'open',NULL,NULL,NULL,1200,NULL,'2026-11-01T12:00:09.000000+00:00',NULL,NULL,2);
CREATE TABLE sessions (
    id                  INTEGER PRIMARY KEY,
    started_at          TEXT NOT NULL,
    start_txn_id        INTEGER NOT NULL,
    start_balance_cents INTEGER NOT NULL
);
INSERT INTO "sessions" VALUES(1,'2026-11-01T12:00:01.000000+00:00',0,250);
INSERT INTO "sessions" VALUES(2,'2026-11-01T12:00:08.000000+00:00',5,1200);
CREATE TABLE transactions (
    id                  INTEGER PRIMARY KEY,
    kind                TEXT NOT NULL CHECK (kind IN ('bet', 'win', 'top_up')),
    amount_cents        INTEGER NOT NULL,
    balance_after_cents INTEGER NOT NULL,
    round_id            INTEGER REFERENCES rounds(id),
    at                  TEXT NOT NULL,
    CHECK (kind = 'bet' AND amount_cents < 0 AND round_id IS NOT NULL
        OR kind = 'win' AND amount_cents >= 0 AND round_id IS NOT NULL
        OR kind = 'top_up' AND amount_cents > 0 AND round_id IS NULL)
);
INSERT INTO "transactions" VALUES(1,'bet',-100,150,1,'2026-11-01T12:00:02.000000+00:00');
INSERT INTO "transactions" VALUES(2,'win',150,300,1,'2026-11-01T12:00:04.000000+00:00');
INSERT INTO "transactions" VALUES(3,'bet',-100,200,2,'2026-11-01T12:00:05.000000+00:00');
INSERT INTO "transactions" VALUES(4,'win',0,200,2,'2026-11-01T12:00:06.000000+00:00');
INSERT INTO "transactions" VALUES(5,'top_up',1000,1200,NULL,'2026-11-01T12:00:07.000000+00:00');
INSERT INTO "transactions" VALUES(6,'bet',-100,1100,3,'2026-11-01T12:00:09.000000+00:00');
CREATE UNIQUE INDEX rounds_one_open ON rounds(status) WHERE status = 'open';
CREATE INDEX rounds_by_game ON rounds(game_id, id);
CREATE UNIQUE INDEX transactions_one_bet ON transactions(round_id) WHERE kind = 'bet';
CREATE UNIQUE INDEX transactions_one_win ON transactions(round_id) WHERE kind = 'win';
CREATE TRIGGER transactions_no_update BEFORE UPDATE ON transactions
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER transactions_no_delete BEFORE DELETE ON transactions
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER meters_only_increase BEFORE UPDATE ON meters
WHEN NEW.rounds_played < OLD.rounds_played OR NEW.wagered_cents < OLD.wagered_cents
  OR NEW.won_cents < OLD.won_cents OR NEW.topped_up_cents < OLD.topped_up_cents
BEGIN SELECT RAISE(ABORT, 'meters only increase'); END;
CREATE TRIGGER rounds_closed_is_final BEFORE UPDATE ON rounds WHEN OLD.status = 'closed'
BEGIN SELECT RAISE(ABORT, 'a closed round is final'); END;
CREATE TRIGGER rounds_no_delete BEFORE DELETE ON rounds
BEGIN SELECT RAISE(ABORT, 'rounds are never deleted'); END;
COMMIT;
