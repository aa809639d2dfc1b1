package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/squaresapp/squares"
)

// Admin lists name what their rows concern beside the ids: a pool by its name and game, a player by
// name and e-mail. These reads take the ids of a page of rows and answer the names in one or a few
// queries.

// PoolRef names a pool: its name and its game.
type PoolRef struct {
	PoolID int64
	Name   string
	Game   squares.GameRef
}

// UserRef names a user: first and last name, and e-mail.
type UserRef struct {
	UserID int64
	Name   string // first and last name
	Email  string
}

// refChunk is how many ids one name query takes: a longer list is read in chunks, and a shorter one is
// padded with its last id, so every query has the same text (and stays prepared).
const refChunk = 50

// refChunks splits ids (0 skipped, each once) into chunks of refChunk query arguments.
func refChunks(ids []int64) [][]any {
	seen := map[int64]bool{}
	var uniq []int64
	for _, id := range ids {
		if id > 0 && !seen[id] {
			seen[id] = true
			uniq = append(uniq, id)
		}
	}
	var out [][]any
	for start := 0; start < len(uniq); start += refChunk {
		chunk := uniq[start:min(start+refChunk, len(uniq))]
		args := make([]any, refChunk)
		for i := range args {
			args[i] = chunk[min(i, len(chunk)-1)]
		}
		out = append(out, args)
	}
	return out
}

// refPlaceholders is "$1, $2, ..., $refChunk".
var refPlaceholders = func() string {
	p := make([]string, refChunk)
	for i := range p {
		p[i] = fmt.Sprintf("$%d", i+1)
	}
	return strings.Join(p, ", ")
}()

// PoolRefs returns the name and game of each pool of ids that exists, by id.
func (db *DB) PoolRefs(ctx context.Context, ids []int64) (map[int64]*PoolRef, error) {
	out := map[int64]*PoolRef{}
	err := db.view(ctx, func(tx *Tx) error {
		for _, args := range refChunks(ids) {
			refs, err := queryAll(ctx, tx, func(s scanner) (*PoolRef, error) {
				var r PoolRef
				g := &r.Game
				if err := s.Scan(&r.PoolID, &r.Name, &g.ID, &g.HomeTeam, &g.AwayTeam, &g.GameDate, &g.Week); err != nil {
					return nil, err
				}
				g.GameDate = g.GameDate.UTC()
				return &r, nil
			}, `SELECT p.id, p.name, g.id, g.home_team, g.away_team, g.game_date, g.week
				FROM pools p JOIN games g ON g.id = p.game_id WHERE p.id IN (`+refPlaceholders+`)`, args...)
			if err != nil {
				return fmt.Errorf("pool names: %w", err)
			}
			for _, r := range refs {
				out[r.PoolID] = r
			}
		}
		return nil
	})
	return out, err
}

// UserRefs returns the name and e-mail of each user of ids that exists, by id.
func (db *DB) UserRefs(ctx context.Context, ids []int64) (map[int64]*UserRef, error) {
	out := map[int64]*UserRef{}
	err := db.view(ctx, func(tx *Tx) error {
		for _, args := range refChunks(ids) {
			refs, err := queryAll(ctx, tx, func(s scanner) (*UserRef, error) {
				var r UserRef
				var first, last, email, username *string
				if err := s.Scan(&r.UserID, &first, &last, &email, &username); err != nil {
					return nil, err
				}
				r.Name = strings.TrimSpace(deref(first) + " " + deref(last))
				r.Email = deref(email)
				if r.Name == "" {
					r.Name = deref(username)
				}
				return &r, nil
			}, `SELECT id, first_name, last_name, email, username FROM users WHERE id IN (`+refPlaceholders+`)`, args...)
			if err != nil {
				return fmt.Errorf("user names: %w", err)
			}
			for _, r := range refs {
				out[r.UserID] = r
			}
		}
		return nil
	})
	return out, err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
