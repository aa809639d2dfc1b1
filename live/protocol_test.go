package live

import (
	"encoding/json"
	"testing"
)

// FuzzWSMessage checks the parsing of a browser's websocket message: no panic, and a message read keeps
// its type and ids through a round trip.
func FuzzWSMessage(f *testing.F) {
	for _, s := range []string{`{"type":"subscribe","poolId":1}`, `{"type":"subscribe","poolId":"12"}`,
		`{"type":"unsubscribe","poolId":1}`, `{"type":"subscribeToGame","gameId":3}`, `{"type":"unsubscribeFromGame","gameId":"3"}`,
		`{"type":"ping"}`, `{"type":"subscribe","poolId":-1}`, `"subscribe"`, `{"type":7}`, `{"poolId":1e400}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m wsMessage
		if err := json.Unmarshal(data, &m); err != nil {
			return
		}
		out, err := json.Marshal(map[string]any{"type": m.Type, "poolId": int64(m.PoolID), "gameId": int64(m.GameID)})
		if err != nil {
			t.Fatalf("%q: %v", data, err)
		}
		var back wsMessage
		if err := json.Unmarshal(out, &back); err != nil || back != m {
			t.Fatalf("%q read as %+v, its round trip %s as %+v, %v", data, m, out, back, err)
		}
	})
}
