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
