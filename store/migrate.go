package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations
var migrations embed.FS

// Migrate applies the engine's pending migrations. With PostgreSQL a session lock keeps instances that
// start together from migrating at once.
func (db *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations/"+db.engine)
	if err != nil {
		return err
	}
	dialect := goose.DialectSQLite3
	var opts []goose.ProviderOption
	if db.engine == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db.write, sub, opts...)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Migrations returns the engine's embedded migrations, the SQL files Migrate applies: tests keep one
// migrated database per set of them and copy it.
func Migrations(engine string) (fs.FS, error) {
	if engine != SQLite && engine != Postgres {
		return nil, fmt.Errorf("unknown engine %q", engine)
	}
	return fs.Sub(migrations, "migrations/"+engine)
}
