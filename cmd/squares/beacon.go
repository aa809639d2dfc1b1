package main

import (
	"log/slog"
	"time"

	"github.com/squaresapp/squares/drand"
	"github.com/squaresapp/squares/drand/worker"
	"github.com/squaresapp/squares/store"
)

// newBeaconWorker sets the store's beacon from the configuration and returns the worker that draws the
// pools waiting for their round; nil with the beacon off (every full pool drawn at once).
func newBeaconWorker(cfg *Config, db *store.DB, logger *slog.Logger) (*worker.Worker, error) {
	var src drand.Source
	switch cfg.Drand {
	case drandOff:
		db.Beacon = store.BeaconConfig{}
		logger.Warn("the draw has no randomness beacon (SQUARES_DRAND=off): pools are drawn at once and say so")
		return nil, nil
	case drandDev:
		src = drand.NewDev(time.Now)
		logger.Warn("the draw uses the built-in development beacon: a local key, not drand; pools say so",
			"chain", src.Chain().Hash())
	default:
		chain, err := cfg.drandChain()
		if err != nil {
			return nil, err
		}
		client, err := drand.NewClient(chain, cfg.drandURLs(), nil)
		if err != nil {
			return nil, err
		}
		client.Logger = logger
		src = client
		logger.Info("drand beacon ready", "chain", chain.Hash(), "relays", cfg.drandURLs())
	}
	info := src.Chain().Info()
	db.Beacon = store.BeaconConfig{Chain: &info, Dev: cfg.Drand == drandDev}
	return &worker.Worker{Store: db, Source: src, Logger: logger}, nil
}
