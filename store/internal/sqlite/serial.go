package sqlite

import (
	"context"
	"database/sql/driver"
	"fmt"
)

// WriteMark reads, on the writer's connection, what changes whenever the database may have changed
// since the writer last read it: the rows this connection has changed since it opened (total_changes),
// a counter that moves when another connection commits (data_version), and the connection's serial,
// which the writer's connector numbers its connections by (a connection that replaces a broken one
// starts its own count of changes again). The store's claim writer keeps pools in memory between its
// batches while the mark it read after its last batch still holds.
const WriteMark = `SELECT total_changes(), (SELECT data_version FROM pragma_data_version),
	(SELECT n FROM temp.conn_serial)`

// markConn gives a new writer connection its serial, in a temporary table only it sees.
func markConn(ctx context.Context, conn sqliteConn, serial int64) error {
	for _, q := range []string{`CREATE TEMP TABLE conn_serial (n INTEGER NOT NULL)`,
		fmt.Sprintf(`INSERT INTO temp.conn_serial VALUES (%d)`, serial)} {
		st, err := conn.PrepareContext(ctx, q)
		if err != nil {
			return fmt.Errorf("sqlite: number connection: %w", err)
		}
		_, err = st.(driver.StmtExecContext).ExecContext(ctx, nil)
		st.Close()
		if err != nil {
			return fmt.Errorf("sqlite: number connection: %w", err)
		}
	}
	return nil
}
