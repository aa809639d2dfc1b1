package http

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/live"
)

// TestAnswersMarshalAsTheirMaps holds the answers and websocket messages that were map literals to the
// JSON the maps wrote, byte for byte: the same members, the same null and absent members, in the same
// (sorted) order. Each case is the struct as a handler fills it beside the map it replaced.
func TestAnswersMarshalAsTheirMaps(t *testing.T) {
	two, zero := 2, 0
	yes, no := true, false
	secret := "pi_1_secret"
	failed := "the feed failed"
	at := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	pool := Pool{ID: 7, Name: "$5 Pool", Status: squares.PoolActive, Payouts: []PeriodPayout{}}
	game := &Game{ID: 3, HomeTeam: "KC", AwayTeam: "BUF"}
	update := live.GameUpdateMessage{Type: "gameUpdate", GameID: 3, HomeScore: &two, Quarter: 2, Status: "live", Game: game}
	cases := []struct {
		name string
		got  any
		want any
	}{
		{"signed in", SignedIn{User: User{ID: "1"}}, map[string]any{"user": User{ID: "1"}}},
		{"age verified", SignedIn{Success: true, User: User{ID: "1"}, Message: "m"},
			map[string]any{"success": true, "user": User{ID: "1"}, "message": "m"}},
		{"automation", AutomationRun{Decisions: []squares.Decision{}}, map[string]any{"decisions": []squares.Decision{}}},
		{"automation failed", AutomationRun{Decisions: []squares.Decision{}, Error: &failed},
			map[string]any{"decisions": []squares.Decision{}, "error": failed}},
		{"sandbox", SandboxConfirm{ID: "pi_1", Status: "succeeded", Amount: 500},
			map[string]any{"id": "pi_1", "status": "succeeded", "amount": squares.Cents(500)}},
		{"sandbox refused", SandboxConfirm{ID: "pi_1", Status: "requires_payment_method", Error: &SandboxError{Message: "declined"}},
			map[string]any{"id": "pi_1", "status": "requires_payment_method", "amount": squares.Cents(0),
				"error": map[string]string{"message": "declined"}}},
		{"payment open", UserPayment{ID: "p1", ClientSecret: &secret, ExpiresAt: at, CreatedAt: at},
			map[string]any{"id": "p1", "paymentIntentId": "", "poolId": int64(0), "amount": squares.Cents(0), "currency": "",
				"squares": []squares.Cell(nil), "status": "", "message": "", "expiresAt": at, "createdAt": at, "clientSecret": secret}},
		{"payment closed", UserPayment{ID: "p1", Squares: []squares.Cell{{Row: 1, Column: 2}}, ExpiresAt: at, CreatedAt: at},
			map[string]any{"id": "p1", "paymentIntentId": "", "poolId": int64(0), "amount": squares.Cents(0), "currency": "",
				"squares": []squares.Cell{{Row: 1, Column: 2}}, "status": "", "message": "", "expiresAt": at, "createdAt": at,
				"clientSecret": nil}},
		{"activated by id", BulkStatus{ActivatedCount: &two, TotalRequested: 3, Refused: []Refusal{}},
			map[string]any{"activatedCount": 2, "totalRequested": 3, "refused": []Refusal{}}},
		{"deactivated by id", BulkStatus{DeactivatedCount: &zero, TotalRequested: 1, Refused: []Refusal{}},
			map[string]any{"deactivatedCount": 0, "totalRequested": 1, "refused": []Refusal{}}},
		{"week activated", PoolsActivated{ActivatedCount: 2, TotalPools: 4, Refused: []Refusal{}, Week: "Week 12", LeagueID: 1},
			map[string]any{"activatedCount": 2, "totalPools": 4, "refused": []Refusal{}, "week": "Week 12", "leagueId": int64(1)}},
		{"season activated", PoolsActivated{ActivatedCount: 0, TotalPools: 0, Refused: []Refusal{}},
			map[string]any{"activatedCount": 0, "totalPools": 0, "refused": []Refusal{}}},
		{"active week", ActiveWeek{LeagueID: 1}, map[string]any{"leagueId": int64(1), "activeWeek": (*string)(nil)}},
		{"admin signed in", AdminSignIn{Success: true, User: User{ID: "1"}, Message: "Welcome back, admin!"},
			map[string]any{"success": true, "user": User{ID: "1"}, "message": "Welcome back, admin!"}},
		{"admin signed in, 2FA required", AdminSignIn{Success: true, User: User{ID: "1"}, Message: "w",
			TwoFactorSetupRequired: &no, RecoveryCodeUsed: true, RecoveryCodesLeft: &zero},
			map[string]any{"success": true, "user": User{ID: "1"}, "message": "w", "twoFactorSetupRequired": false,
				"recoveryCodeUsed": true, "recoveryCodesLeft": 0}},
		{"2FA set up", AdminSignIn{Success: true, User: User{ID: "1"}, Message: "w", TwoFactorSetupRequired: &yes},
			map[string]any{"success": true, "user": User{ID: "1"}, "message": "w", "twoFactorSetupRequired": true}},
		{"2FA on", TwoFactorChanged{Enabled: true, RecoveryCodes: []string{"a"}, Message: "on"},
			map[string]any{"enabled": true, "recoveryCodes": []string{"a"}, "message": "on"}},
		{"2FA off", TwoFactorChanged{Message: "off"}, map[string]any{"enabled": false, "message": "off"}},
		{"webhook ignored", WebhookReceived{Received: true, Ignored: true}, map[string]any{"received": true, "ignored": true}},
		{"webhook", WebhookReceived{Received: true}, map[string]any{"received": true}},
		{"ready", Health{Status: "ready"}, map[string]string{"status": "ready"}},
		{"not ready", Health{Status: "unavailable", Reason: "database"}, map[string]string{"status": "unavailable", "reason": "database"}},
		{"feed poll", FeedPoll{Provider: "espn", Status: FeedStatus{Provider: "espn"}},
			map[string]any{"provider": "espn", "games": 0, "scoreboards": 0, "matchedGames": 0, "updatesApplied": 0,
				"errors": []string(nil), "error": "", "status": FeedStatus{Provider: "espn"}}},
		{"message", success("Pool Deleted Successfully"), map[string]any{"success": true, "message": "Pool Deleted Successfully"}},
		{"pool's game", live.PoolUpdateMessage{Type: "poolUpdate", PoolID: 7, GameUpdate: &update},
			map[string]any{"type": "poolUpdate", "poolId": int64(7), "gameUpdate": map[string]any{"type": "gameUpdate",
				"gameId": int64(3), "homeScore": &two, "awayScore": (*int)(nil), "quarter": 2, "status": "live", "game": game}}},
		{"game", update, map[string]any{"type": "gameUpdate", "gameId": int64(3), "homeScore": &two,
			"awayScore": (*int)(nil), "quarter": 2, "status": "live", "game": game}},
		{"game unknown", live.GameUpdateMessage{Type: "gameUpdate", GameID: 3, Game: toGameJSON(nil)},
			map[string]any{"type": "gameUpdate", "gameId": int64(3), "homeScore": (*int)(nil), "awayScore": (*int)(nil),
				"quarter": 0, "status": "", "game": nil}},
		{"pool", live.PoolUpdateMessage{Type: "poolUpdate", PoolID: 7, Pool: pool},
			map[string]any{"type": "poolUpdate", "poolId": int64(7), "pool": pool}},
		{"pool's squares", live.PoolUpdateMessage{Type: "poolUpdate", PoolID: 7, Pool: pool, Squares: []Square{}, Released: []squares.Cell{}},
			map[string]any{"type": "poolUpdate", "poolId": int64(7), "pool": pool, "squares": []Square{}, "released": []squares.Cell{}}},
		{"notification", live.NotificationMessage{Type: "notification", Notifications: []UserNotification{}, UnreadCount: 1},
			map[string]any{"type": "notification", "notifications": []UserNotification{}, "unreadCount": 1}},
		{"subscribed", live.PoolSubscription{Type: "subscribed", PoolID: 7}, map[string]any{"type": "subscribed", "poolId": int64(7)}},
		{"unsubscribed", live.PoolSubscription{Type: "unsubscribed"}, map[string]any{"type": "unsubscribed", "poolId": int64(0)}},
		{"game subscribed", live.GameSubscription{Type: "subscribed", GameID: 3}, map[string]any{"type": "subscribed", "gameId": int64(3)}},
		{"pong", live.PongMessage{Type: "pong"}, map[string]any{"type": "pong"}},
		{"error", live.ErrorMessage{Type: "error", Message: "Unknown message type."},
			map[string]any{"type": "error", "message": "Unknown message type."}},
	}
	for _, c := range cases {
		got, err := json.Marshal(c.got)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(c.want)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
	}
}
