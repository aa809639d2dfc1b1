// Package live serves the live board: the browsers' websockets, the pools and games each one watches, and
// the fan-out of every change to the watchers on this instance. The hub decides nothing of the product:
// who may watch what, what a change looks like and whether a session still stands, it asks its Source.
// The upgrade, the Origin check and authentication stay with the caller, which hands the hub the
// upgraded connection (Hub.Serve).
package live
