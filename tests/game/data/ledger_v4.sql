-- A version 4 ledger as the version 4 code wrote it (SQL dump): ledger_v3.sql opened, so upgraded, by
-- that code (each round gains state_in_json, NULL here): the same rounds, journal (its top-up made before
-- top-ups kept their smallest bet), choices, state and open round.
-- Loaded by tests/game/ledger_files.py, which sets PRAGMA user_version = 4. Never edit it.
BEGIN TRANSACTION;
CREATE TABLE account (
    id                  INTEGER PRIMARY KEY CHECK (id = 1),
    balance_cents       INTEGER NOT NULL CHECK (balance_cents >= 0),
    start_balance_cents INTEGER NOT NULL CHECK (start_balance_cents >= 0),
    created_at          TEXT NOT NULL
, head_digest TEXT NOT NULL DEFAULT '');
INSERT INTO "account" VALUES(1,1100,250,'2026-11-01T12:00:00.000000+00:00','f2b90addeec67a1709dc9a27ea834d1eb7ae8bcce29e2ad082ea447631602e31');
CREATE TABLE choices (
    round_id INTEGER NOT NULL REFERENCES rounds(id),
    seq      INTEGER NOT NULL CHECK (seq >= 0),
    choice   INTEGER NOT NULL,
    made_at  TEXT NOT NULL,
    PRIMARY KEY (round_id, seq)
);
INSERT INTO "choices" VALUES(1,0,4,'2026-11-01T12:00:03.000000+00:00');
INSERT INTO "choices" VALUES(4,0,9,'2026-11-01T12:00:12.000000+00:00');
INSERT INTO "choices" VALUES(4,1,2,'2026-11-01T12:00:13.000000+00:00');
CREATE TABLE game_data (
    sha256    TEXT PRIMARY KEY CHECK (length(sha256) = 64),
    game_id   TEXT NOT NULL,
    content   BLOB NOT NULL,
    stored_at TEXT NOT NULL,
    digest    TEXT NOT NULL
);
CREATE TABLE game_state (
    game_id    TEXT NOT NULL,
    key        TEXT NOT NULL,
    value_json TEXT NOT NULL,
    updated_at TEXT NOT NULL, digest TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, key)
);
INSERT INTO "game_state" VALUES('stones','passports','1','2026-11-01T12:00:04.000000+00:00','3f582c128ce0adc3949bd3417c94c70405a77b3b9108085377c1290b14c6c899');
INSERT INTO "game_state" VALUES('other','flag','true','2026-11-01T12:00:14.000000+00:00','9262468ead0d17646f23cdd2f3ff53091dd692adc13e8cfb363d59288f8f8cd4');
CREATE TABLE meters (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    rounds_played   INTEGER NOT NULL,
    wagered_cents   INTEGER NOT NULL,
    won_cents       INTEGER NOT NULL,
    topped_up_cents INTEGER NOT NULL
, refunded_cents INTEGER NOT NULL DEFAULT 0);
INSERT INTO "meters" VALUES(1,4,400,150,1000,100);
CREATE TABLE "rounds" (
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
    status                TEXT NOT NULL CHECK (status IN ('open', 'closed', 'void')),
    win_coins             INTEGER CHECK (win_coins >= 0),
    win_cents             INTEGER CHECK (win_cents >= 0),
    capped                INTEGER CHECK (capped IN (0, 1)),
    balance_before_cents  INTEGER NOT NULL,
    balance_after_cents   INTEGER,
    started_at            TEXT NOT NULL,
    finished_at           TEXT,
    events_json           TEXT,
    session_id            INTEGER REFERENCES sessions(id),
    void_reason           TEXT, digest TEXT NOT NULL DEFAULT '', state_in_json TEXT,
    CHECK (status <> 'void' OR (length(trim(void_reason)) > 0 AND finished_at IS NOT NULL
        AND balance_after_cents IS NOT NULL AND win_coins IS NULL AND win_cents IS NULL
        AND capped IS NULL)),
    CHECK (status = 'void' OR void_reason IS NULL)
);
INSERT INTO "rounds" VALUES(1,'stones','abababababababababababababababababababababababababababababababab','1.0.0','11',20,1,5,NULL,100,'closed',30,150,0,250,300,'2026-11-01T12:00:02.000000+00:00','2026-11-01T12:00:04.000000+00:00','[{"type":"spin","stops":[1,2,3,4,5]},{"type":"round_end","total_win_coins":30,"capped":false}]',1,NULL,'a3cc3f9d139299ec73026f73b3556fec124389189083ae8eed469cfc23bf8ba5',NULL);
INSERT INTO "rounds" VALUES(2,'stones','abababababababababababababababababababababababababababababababab','1.0.0','18446744073709551611',20,1,5,NULL,100,'closed',0,0,0,300,200,'2026-11-01T12:00:05.000000+00:00','2026-11-01T12:00:06.000000+00:00','[{"type":"spin","stops":[1,2,3,4,5]},{"type":"round_end","total_win_coins":0,"capped":false}]',1,NULL,'7928e43d8490acd15fd1da1a284772eb5dadf74a8235a5ad69e8e6cfcb30dcd3',NULL);
INSERT INTO "rounds" VALUES(3,'stones','abababababababababababababababababababababababababababababababab','1.0.0','44',20,1,5,NULL,100,'void',NULL,NULL,NULL,1200,1200,'2026-11-01T12:00:08.000000+00:00','2026-11-01T12:00:09.000000+00:00',NULL,1,'The game data changed since the round began.','428fcfeb7154d7304940e80c26011161d99953a40134b744b1c93d5eea2a97d0',NULL);
INSERT INTO "rounds" VALUES(4,'stones','abababababababababababababababababababababababababababababababab','1.0.0','33',20,1,5,NULL,100,'open',NULL,NULL,NULL,1200,NULL,'2026-11-01T12:00:11.000000+00:00',NULL,NULL,2,NULL,'eb0061d6444b789a166cca6623aac3b28f10c2218c2b410a3ec519ce8b8322cf',NULL);
CREATE TABLE sessions (
    id                  INTEGER PRIMARY KEY,
    started_at          TEXT NOT NULL,
    start_txn_id        INTEGER NOT NULL,
    start_balance_cents INTEGER NOT NULL
, digest TEXT NOT NULL DEFAULT '');
INSERT INTO "sessions" VALUES(1,'2026-11-01T12:00:01.000000+00:00',0,250,'fb380cd757f62c44087d5e1f13bcc2e93c7c6d7792eec415b067bdbbabc40bf7');
INSERT INTO "sessions" VALUES(2,'2026-11-01T12:00:10.000000+00:00',7,1200,'219121de8041f48315e0fd0b5d6e1ed76d9cdd96d053b775785dfa3fa32ec078');
CREATE TABLE "transactions" (
    id                  INTEGER PRIMARY KEY,
    kind                TEXT NOT NULL CHECK (kind IN ('bet', 'win', 'top_up', 'refund')),
    amount_cents        INTEGER NOT NULL,
    balance_after_cents INTEGER NOT NULL,
    round_id            INTEGER REFERENCES rounds(id),
    at                  TEXT NOT NULL, prev_digest TEXT NOT NULL DEFAULT '', digest TEXT NOT NULL DEFAULT '',
    CHECK (kind = 'bet' AND amount_cents < 0 AND round_id IS NOT NULL
        OR kind = 'win' AND amount_cents >= 0 AND round_id IS NOT NULL
        OR kind = 'top_up' AND amount_cents > 0 AND round_id IS NULL
        OR kind = 'refund' AND amount_cents > 0 AND round_id IS NOT NULL)
);
INSERT INTO "transactions" VALUES(1,'bet',-100,150,1,'2026-11-01T12:00:02.000000+00:00','2613c61b520275e03e896689d15d2f0b35df826b34c9239f10882eb56a0be483','53e5c806b07bb6b464a2f7226e757bc4cbf5a800140ff20b4fbae91ca7091f87');
INSERT INTO "transactions" VALUES(2,'win',150,300,1,'2026-11-01T12:00:04.000000+00:00','53e5c806b07bb6b464a2f7226e757bc4cbf5a800140ff20b4fbae91ca7091f87','127056699b714024ed3d75382bb9fb1d832e2355a7e060992c2d1de5e8d4c860');
INSERT INTO "transactions" VALUES(3,'bet',-100,200,2,'2026-11-01T12:00:05.000000+00:00','127056699b714024ed3d75382bb9fb1d832e2355a7e060992c2d1de5e8d4c860','79931b604a2bbba9621e6159ad3f1ab6bb2fe5e48572e530eebe02a8f9513f56');
INSERT INTO "transactions" VALUES(4,'win',0,200,2,'2026-11-01T12:00:06.000000+00:00','79931b604a2bbba9621e6159ad3f1ab6bb2fe5e48572e530eebe02a8f9513f56','b815c6ac5a5d96b469d9fecd97476876198823bbeda373ccaf0243f4bd1527ff');
INSERT INTO "transactions" VALUES(5,'top_up',1000,1200,NULL,'2026-11-01T12:00:07.000000+00:00','b815c6ac5a5d96b469d9fecd97476876198823bbeda373ccaf0243f4bd1527ff','56c2c823abf9aadee4e9a0200786236b8ca82f9e31137f436dc03d55a5394071');
INSERT INTO "transactions" VALUES(6,'bet',-100,1100,3,'2026-11-01T12:00:08.000000+00:00','56c2c823abf9aadee4e9a0200786236b8ca82f9e31137f436dc03d55a5394071','af9bf234caa0b1282c5ee82f07e9ef29e65ad37430d2cc51e8a019974b16e11b');
INSERT INTO "transactions" VALUES(7,'refund',100,1200,3,'2026-11-01T12:00:09.000000+00:00','af9bf234caa0b1282c5ee82f07e9ef29e65ad37430d2cc51e8a019974b16e11b','d0d776308f2ecaa6247549fd4cf04e73c76d8626fcf18ef2b5d98371e0c9efde');
INSERT INTO "transactions" VALUES(8,'bet',-100,1100,4,'2026-11-01T12:00:11.000000+00:00','d0d776308f2ecaa6247549fd4cf04e73c76d8626fcf18ef2b5d98371e0c9efde','f2b90addeec67a1709dc9a27ea834d1eb7ae8bcce29e2ad082ea447631602e31');
CREATE UNIQUE INDEX rounds_one_open ON rounds(status) WHERE status = 'open';
CREATE INDEX rounds_by_game ON rounds(game_id, id);
CREATE UNIQUE INDEX transactions_one_bet ON transactions(round_id) WHERE kind = 'bet';
CREATE UNIQUE INDEX transactions_one_win ON transactions(round_id) WHERE kind = 'win';
CREATE UNIQUE INDEX transactions_one_refund ON transactions(round_id) WHERE kind = 'refund';
CREATE TRIGGER transactions_no_update BEFORE UPDATE ON transactions
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER transactions_no_delete BEFORE DELETE ON transactions
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER transactions_refund_returns_an_open_bet BEFORE INSERT ON transactions
WHEN NEW.kind = 'refund' AND (
    (SELECT status FROM rounds WHERE id = NEW.round_id) IS NOT 'open'
    OR NOT EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.round_id AND kind = 'bet'
                   AND amount_cents = -NEW.amount_cents)
    OR EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.round_id AND kind = 'win'))
BEGIN SELECT RAISE(ABORT, 'a refund returns the bet of an open round that has no win'); END;
CREATE TRIGGER transactions_refunded_never_won BEFORE INSERT ON transactions
WHEN NEW.kind = 'win'
  AND EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.round_id AND kind = 'refund')
BEGIN SELECT RAISE(ABORT, 'a refunded round is never credited'); END;
CREATE TRIGGER meters_only_increase BEFORE UPDATE ON meters
WHEN NEW.rounds_played < OLD.rounds_played OR NEW.wagered_cents < OLD.wagered_cents
  OR NEW.won_cents < OLD.won_cents OR NEW.topped_up_cents < OLD.topped_up_cents
  OR NEW.refunded_cents < OLD.refunded_cents
BEGIN SELECT RAISE(ABORT, 'meters only increase'); END;
CREATE TRIGGER rounds_begin_open BEFORE INSERT ON rounds WHEN NEW.status = 'void'
BEGIN SELECT RAISE(ABORT, 'a round is voided only after it began'); END;
CREATE TRIGGER rounds_closed_is_final BEFORE UPDATE ON rounds WHEN OLD.status = 'closed'
BEGIN SELECT RAISE(ABORT, 'a closed round is final'); END;
CREATE TRIGGER rounds_void_is_final BEFORE UPDATE ON rounds WHEN OLD.status = 'void'
BEGIN SELECT RAISE(ABORT, 'a void round is final'); END;
CREATE TRIGGER rounds_void_only_when_refunded BEFORE UPDATE ON rounds
WHEN NEW.status = 'void'
  AND NOT EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.id AND kind = 'refund')
BEGIN SELECT RAISE(ABORT, 'a round is voided only together with its refund'); END;
CREATE TRIGGER rounds_refunded_is_void BEFORE UPDATE ON rounds
WHEN NEW.status <> 'void'
  AND EXISTS (SELECT 1 FROM transactions WHERE round_id = NEW.id AND kind = 'refund')
BEGIN SELECT RAISE(ABORT, 'a refunded round can only be void'); END;
CREATE TRIGGER rounds_no_delete BEFORE DELETE ON rounds
BEGIN SELECT RAISE(ABORT, 'rounds are never deleted'); END;
CREATE TRIGGER choices_only_while_open BEFORE INSERT ON choices
WHEN (SELECT status FROM rounds WHERE id = NEW.round_id) IS NOT 'open'
BEGIN SELECT RAISE(ABORT, 'choices are recorded only while their round is open'); END;
CREATE TRIGGER transactions_sealed BEFORE INSERT ON transactions
WHEN length(NEW.digest) <> 64 OR length(NEW.prev_digest) <> 64
BEGIN SELECT RAISE(ABORT, 'a journal entry is written with its digests'); END;
CREATE TRIGGER account_sealed BEFORE UPDATE ON account WHEN length(NEW.head_digest) <> 64
BEGIN SELECT RAISE(ABORT, 'the balance moves only with the head of the journal'); END;
CREATE TRIGGER rounds_sealed_insert BEFORE INSERT ON rounds WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'a round is written with its digest'); END;
CREATE TRIGGER rounds_sealed_update BEFORE UPDATE ON rounds WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'a round is written with its digest'); END;
CREATE TRIGGER choices_no_update BEFORE UPDATE ON choices
BEGIN SELECT RAISE(ABORT, 'a recorded choice is final'); END;
CREATE TRIGGER choices_no_delete BEFORE DELETE ON choices
BEGIN SELECT RAISE(ABORT, 'a recorded choice is final'); END;
CREATE TRIGGER sessions_sealed BEFORE INSERT ON sessions WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'a session is written with its digest'); END;
CREATE TRIGGER sessions_no_update BEFORE UPDATE ON sessions
BEGIN SELECT RAISE(ABORT, 'sessions are append-only'); END;
CREATE TRIGGER sessions_no_delete BEFORE DELETE ON sessions
BEGIN SELECT RAISE(ABORT, 'sessions are append-only'); END;
CREATE TRIGGER game_state_sealed_insert BEFORE INSERT ON game_state WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'state is written with its digest'); END;
CREATE TRIGGER game_state_sealed_update BEFORE UPDATE ON game_state WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'state is written with its digest'); END;
CREATE TRIGGER game_data_sealed BEFORE INSERT ON game_data WHEN length(NEW.digest) <> 64
BEGIN SELECT RAISE(ABORT, 'game data is written with its digest'); END;
CREATE TRIGGER game_data_no_update BEFORE UPDATE ON game_data
BEGIN SELECT RAISE(ABORT, 'stored game data is never changed'); END;
CREATE TRIGGER game_data_no_delete BEFORE DELETE ON game_data
BEGIN SELECT RAISE(ABORT, 'stored game data is never removed'); END;
CREATE TRIGGER rounds_state_in_final BEFORE UPDATE OF state_in_json ON rounds
WHEN NEW.state_in_json IS NOT OLD.state_in_json
BEGIN SELECT RAISE(ABORT, 'the state a round began with is final'); END;
COMMIT;
