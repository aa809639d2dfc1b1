package store

import (
	"context"
	"database/sql"
	"io/fs"

	"github.com/pressly/goose/v3"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/store/internal/sqlite"
)

// InsertPrivatePool creates an active private pool on a game for tests with its creator as member, skipping CreatePrivatePool's checks.
func (db *DB) InsertPrivatePool(ctx context.Context, gameID, creatorID int64, fee squares.Cents, limit int) (int64, error) {
	var id int64
	err := db.update(ctx, func(tx *Tx) error {
		g, err := findGame(ctx, tx, gameID)
		if err != nil {
			return err
		}
		p := &squares.Pool{GameID: g.ID, Game: g, Name: "Friends", EntryFee: fee, MaxSquaresPerPlayer: limit,
			Status: squares.PoolActive, IsPrivate: true, CreatorID: creatorID, InviteCode: "FRIENDS1"}
		if err := insertPool(ctx, tx, p); err != nil {
			return err
		}
		id = p.ID
		return addMember(ctx, tx, p.ID, creatorID, 0)
	})
	return id, err
}

// RedoMigration rolls the migrations back to before the given version, runs fn on the database as it was
// then, and applies them again: a test of what a migration does to existing rows.
func (db *DB) RedoMigration(ctx context.Context, version int64, fn func(exec func(query string, args ...any) error) error) error {
	sub, err := fs.Sub(migrations, "migrations/"+db.engine)
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	if db.engine == Postgres {
		dialect = goose.DialectPostgres
	}
	p, err := goose.NewProvider(dialect, db.write, sub)
	if err != nil {
		return err
	}
	if _, err := p.DownTo(ctx, version-1); err != nil {
		return err
	}
	if err := fn(func(q string, args ...any) error { _, err := db.write.ExecContext(ctx, q, args...); return err }); err != nil {
		return err
	}
	_, err = p.Up(ctx)
	return err
}

// Exec runs a statement on the database outside the store's methods: a test of what the schema itself
// refuses.
func (db *DB) Exec(ctx context.Context, query string, args ...any) error {
	_, err := db.write.ExecContext(ctx, query, args...)
	return err
}

// QueryRow reads one row outside the store's methods into dest.
func (db *DB) QueryRow(ctx context.Context, query string, args []any, dest ...any) error {
	return db.read.QueryRowContext(ctx, query, args...).Scan(dest...)
}

// Read runs fn in a read-only transaction, as the store's methods run their helpers.
func (db *DB) Read(ctx context.Context, fn func(tx *Tx) error) error { return db.view(ctx, fn) }

// Write runs fn in a read-write transaction, as the store's methods run their helpers.
func (db *DB) Write(ctx context.Context, fn func(tx *Tx) error) error { return db.update(ctx, fn) }

// CachedStatements returns the texts the write connection keeps prepared (SQLite), nil on PostgreSQL.
func (db *DB) CachedStatements(ctx context.Context) ([]string, error) {
	conn, err := db.write.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	var out []string
	err = conn.Raw(func(dc any) error {
		out, _ = sqlite.CachedStatements(dc)
		return nil
	})
	return out, err
}

// ReadPoolStats returns the statistics of the pool of read connections.
func (db *DB) ReadPoolStats() sql.DBStats { return db.read.Stats() }

// CheckpointCopied is how many WAL frames the background checkpoints have copied into the database.
func (db *DB) CheckpointCopied() int64 { return db.ckpt.Copied() }

// SetGameScoreOnly writes a game's status, quarter, score and first period's end score as a score entry
// did before pools followed their game at once: the game moves, its pools stay as they were.
func (db *DB) SetGameScoreOnly(ctx context.Context, gameID int64, status string, quarter int, score, q1 [2]int) error {
	return db.update(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE games SET status = $1, quarter = $2, home_score = $3, away_score = $4,
			home_q1 = $5, away_q1 = $6 WHERE id = $7`, status, quarter, score[0], score[1], q1[0], q1[1], gameID)
		return err
	})
}

// OneConnection has the store use one connection to PostgreSQL for everything (its reads and writes share
// the pool there): a test sees the connection a claim used.
func (db *DB) OneConnection() { db.write.SetMaxOpenConns(1) }
