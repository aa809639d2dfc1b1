package http_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

const webhookSecret = "whsec_squares_http_test"

// startWebhookAPI starts a server whose escrow pays through the sandbox and which takes Stripe webhooks
// signed with webhookSecret. The sandbox's own events are not delivered: only webhooks move payments on.
func startWebhookAPI(t *testing.T, engine string) *apiServer {
	t.Helper()
	db := storetest.Open(t, engine)
	elig, err := squares.ParseEligibility(squares.DefaultRestrictedStates, squares.DefaultStateMinAge)
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := squareshttp.NewServer(squareshttp.Config{Addr: "127.0.0.1:0", Dev: true, Eligibility: elig,
		PaymentsProvider: "sandbox", StripeWebhookSecret: webhookSecret}, db, logger)
	sb := sandbox.New(db)
	srv.Sandbox = sb
	srv.Escrow = escrow.New(db, sb, logger)
	wire(srv)
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
	return &apiServer{Server: srv, db: db}
}

// stripeEvent is a Stripe event about an object, as Stripe posts it.
func stripeEvent(id, typ, object string) []byte {
	return fmt.Appendf(nil, `{"id":%q,"object":"event","api_version":"2025-01-27.acacia","created":%d,"livemode":false,`+
		`"pending_webhooks":1,"request":{"id":null,"idempotency_key":null},"type":%q,"data":{"object":%s}}`,
		id, time.Now().Unix(), typ, object)
}

func intentObject(id string, amount squares.Cents) string {
	return fmt.Sprintf(`{"id":%q,"object":"payment_intent","amount":%d,"amount_capturable":%d,"currency":"usd",`+
		`"capture_method":"manual","status":"requires_capture"}`, id, amount, amount)
}

// postWebhook posts a body as Stripe does: no cookie, no Origin, no Sec-Fetch-Site, the signature header
// when given; headers are extra name, value pairs.
func postWebhook(t *testing.T, s *apiServer, body []byte, signature string, headers ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("POST", s.URL()+"/api/stripe/webhook", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	req.Header.Set("User-Agent", "Stripe/1.0 (+https://stripe.com/docs/webhooks)")
	if signature != "" {
		req.Header.Set("Stripe-Signature", signature)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("webhook answer %d has content type %q: %s", resp.StatusCode, ct, b)
	}
	return resp.StatusCode, string(b)
}

func signAt(body []byte, secret string, at time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: at}).Header
}

func TestStripeWebhook(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startWebhookAPI(t, engine)

		// A player checks out a square of a $5 pool and pays with the sandbox's card form; nothing tells
		// the server yet, so the payment is pending.
		c, u := s.register(t, "1990-01-01", "NY")
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		var pool *squares.PoolView
		for _, p := range pools {
			if p.EntryFee == 500 {
				pool = p
			}
		}
		s.activate(t, pool)
		co := c.post("/api/create-escrow-payment", map[string]any{"poolId": pool.ID,
			"squares": []map[string]int{{"row": 3, "column": 4}}, "amount": "5.00"}).want(http.StatusCreated).obj()
		pi, payID := co["paymentIntentId"].(string), co["paymentId"].(string)
		paid := c.post("/api/sandbox/payments/"+pi+"/confirm",
			map[string]string{"cardNumber": "4242 4242 4242 4242", "expiry": "12/30", "cvc": "123"}).want(http.StatusOK).obj()
		if paid["status"] != squares.ProviderRequiresCapture {
			t.Fatalf("sandbox confirm = %v", paid)
		}
		state := func() (string, int) {
			t.Helper()
			pay, err := s.db.FindPayment(ctx, payID)
			if err != nil {
				t.Fatal(err)
			}
			txs, err := s.db.ListLedgerTransactions(ctx)
			if err != nil {
				t.Fatal(err)
			}
			holds := 0
			for _, tx := range txs {
				if tx.PaymentID == payID && tx.Kind == squares.LedgerHold {
					holds++
				}
			}
			return pay.Status, holds
		}
		if st, holds := state(); st != squares.PaymentPending || holds != 0 {
			t.Fatalf("before any webhook: %s, %d holds", st, holds)
		}

		event := stripeEvent("evt_capturable_1", squares.EventPaymentCapturable, intentObject(pi, 500))
		now := time.Now()

		// Refused: no signature, another secret's, a changed body, a stale or future timestamp. Nothing
		// happens.
		tampered := bytes.Replace(event, []byte(`"amount":500`), []byte(`"amount":1`), 1)
		for name, tc := range map[string]struct {
			body      []byte
			signature string
			message   string
		}{
			"no signature":   {event, "", "missing"},
			"other secret":   {event, signAt(event, "whsec_someone_else", now), "not valid"},
			"changed body":   {tampered, signAt(event, webhookSecret, now), "not valid"},
			"garbage header": {event, "t=abc,v1=zz", "not valid"},
			"301 s old":      {event, signAt(event, webhookSecret, now.Add(-301*time.Second)), "5 minutes"},
			"10 min ahead":   {event, signAt(event, webhookSecret, now.Add(10*time.Minute)), "5 minutes"},
		} {
			status, body := postWebhook(t, s, tc.body, tc.signature)
			if status != http.StatusBadRequest || !strings.Contains(body, `"code":"invalid"`) || !strings.Contains(body, tc.message) {
				t.Errorf("%s: %d %s, want 400 saying %q", name, status, body, tc.message)
			}
		}
		if st, holds := state(); st != squares.PaymentPending || holds != 0 {
			t.Fatalf("after refused webhooks: %s, %d holds", st, holds)
		}

		// A browser's cross-site post is still refused by the cross-origin protection (Stripe's posts
		// carry neither Sec-Fetch-Site nor Origin, and pass).
		if status, body := postWebhook(t, s, event, signAt(event, webhookSecret, now), "Sec-Fetch-Site", "cross-site"); status != http.StatusForbidden {
			t.Errorf("cross-site post: %d %s, want 403", status, body)
		}
		if status, body := postWebhook(t, s, event, signAt(event, webhookSecret, now), "Origin", "https://evil.example"); status != http.StatusForbidden {
			t.Errorf("post from another origin: %d %s, want 403", status, body)
		}

		// The signed event, without any session: the escrow reads the payment at the provider, finds it
		// authorised and gives the player the square.
		if status, body := postWebhook(t, s, event, signAt(event, webhookSecret, time.Now())); status != http.StatusOK || !strings.Contains(body, `"received":true`) {
			t.Fatalf("valid webhook: %d %s", status, body)
		}
		if st, holds := state(); st != squares.PaymentHeld || holds != 1 {
			t.Fatalf("after the webhook: %s, %d holds", st, holds)
		}
		userID, err := strconv.ParseInt(fmt.Sprint(u["id"]), 10, 64)
		if err != nil {
			t.Fatalf("user id %v: %v", u["id"], err)
		}
		sqs, err := s.db.ListSquares(ctx, pool.ID)
		if err != nil {
			t.Fatal(err)
		}
		owned := 0
		for _, sq := range sqs {
			if sq.Row == 3 && sq.Column == 4 && sq.UserID == userID && sq.State == squares.SquareOwned {
				owned++
			}
		}
		if owned != 1 {
			t.Errorf("the player owns %d of the squares paid for, want 1", owned)
		}

		// Stripe sends it again (signed anew), and another event about the same intent: processed once.
		for _, body := range [][]byte{event, stripeEvent("evt_succeeded_2", squares.EventPaymentCapturable, intentObject(pi, 500))} {
			if status, answer := postWebhook(t, s, body, signAt(body, webhookSecret, time.Now())); status != http.StatusOK {
				t.Fatalf("replay: %d %s", status, answer)
			}
		}
		if st, holds := state(); st != squares.PaymentHeld || holds != 1 {
			t.Fatalf("after replays: %s, %d holds", st, holds)
		}

		// Not ours, or not about payments: acknowledged, nothing done.
		for _, body := range [][]byte{
			stripeEvent("evt_other_1", squares.EventPaymentCapturable, intentObject("pi_not_ours", 500)),
			stripeEvent("evt_other_2", squares.EventChargeRefunded, `{"id":"ch_1","object":"charge","payment_intent":"pi_not_ours"}`),
			stripeEvent("evt_other_3", "customer.created", `{"id":"cus_1","object":"customer"}`),
		} {
			if status, answer := postWebhook(t, s, body, signAt(body, webhookSecret, time.Now())); status != http.StatusOK {
				t.Errorf("ignored event: %d %s", status, answer)
			}
		}

		// Too big a body is refused before it is checked.
		big := stripeEvent("evt_big", "customer.created", `{"id":"cus_1","object":"customer","description":"`+strings.Repeat("x", 300<<10)+`"}`)
		if status, answer := postWebhook(t, s, big, signAt(big, webhookSecret, time.Now())); status != http.StatusRequestEntityTooLarge {
			t.Errorf("big body: %d %s, want 413", status, answer)
		}

		// A failure while handling answers 500 and forgets the event, so Stripe's retry is handled again:
		// here a checkout whose provider payment the sandbox does not know.
		user, err := s.db.FindUserByID(ctx, userID)
		if err != nil {
			t.Fatal(err)
		}
		lost, err := s.db.BeginCheckout(ctx, store.Checkout{ID: "pay_lost_at_provider", Provider: "sandbox", User: user,
			PoolID: pool.ID, Cells: []squares.Cell{{Row: 5, Column: 5}}, Amount: 500})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.db.AttachProviderPayment(ctx, lost.ID, &squares.ProviderPayment{ID: "pi_sbx_lost", Status: squares.ProviderRequiresPaymentMethod,
			Amount: 500, Currency: "usd"}); err != nil {
			t.Fatal(err)
		}
		failing := stripeEvent("evt_fails", squares.EventPaymentCapturable, intentObject("pi_sbx_lost", 500))
		for range 2 {
			if status, answer := postWebhook(t, s, failing, signAt(failing, webhookSecret, time.Now())); status != http.StatusInternalServerError {
				t.Errorf("failed handling: %d %s, want 500", status, answer)
			}
		}
	})
}

func TestStripeWebhookOff(t *testing.T) {
	// Without a signing secret the endpoint does not exist, whatever is sent.
	s := startAPI(t, store.SQLite)
	body := stripeEvent("evt_1", "customer.created", `{"id":"cus_1","object":"customer"}`)
	if status, answer := postWebhook(t, s, body, signAt(body, "", time.Now())); status != http.StatusNotFound {
		t.Errorf("webhook without a secret: %d %s, want 404", status, answer)
	}
}

// TestStripeWebhookRefundOutsideAndDispute: Stripe's signed charge.refunded for a refund made in its
// dashboard, and charge.dispute.created, each about a captured payment of a complete pool and each sent
// twice: the house covers the money from house:losses once, the players keep their squares, and the admin
// is told.
func TestStripeWebhookRefundOutsideAndDispute(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		ctx := context.Background()
		s := startWebhookAPI(t, engine)
		esc, sb := s.Escrow, s.Sandbox
		_, pools := s.game(t, "W12", time.Now().Add(72*time.Hour))
		one := pools[1]
		s.activate(t, one)
		admin, err := s.db.EnsureAdmin(ctx, "boss", "not-a-hash")
		if err != nil {
			t.Fatal(err)
		}
		// Twenty players fill the $1 pool, five squares each, the first through the API; the escrow's pass
		// captures their payments.
		c, first := s.register(t, "1990-01-01", "NY")
		co := c.post("/api/create-escrow-payment", map[string]any{"poolId": one.ID, "amount": "5.00",
			"squares": []map[string]int{{"row": 0, "column": 0}, {"row": 0, "column": 1}, {"row": 0, "column": 2},
				{"row": 0, "column": 3}, {"row": 0, "column": 4}}}).want(http.StatusCreated).obj()
		c.post("/api/sandbox/payments/"+co["paymentIntentId"].(string)+"/confirm",
			map[string]string{"cardNumber": "4242 4242 4242 4242", "expiry": "12/30", "cvc": "123"}).want(http.StatusOK)
		c.post("/api/purchase-squares", map[string]any{"poolId": one.ID, "paymentIntentId": co["paymentIntentId"]}).want(http.StatusOK)
		firstPay, err := s.db.FindPayment(ctx, co["paymentId"].(string))
		if err != nil {
			t.Fatal(err)
		}
		pays := []*squares.Payment{firstPay}
		for i := 5; i < squares.SquaresPerPool; i += 5 {
			seq := emailCounter.Add(1)
			u := &squares.User{Email: fmt.Sprintf("filler%d@example.com", seq), PasswordHash: "not-a-hash",
				FirstName: "Fill", LastName: "Er", Role: squares.RoleUser, DateOfBirth: "1990-01-01",
				ResidenceState: "NY", ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
			if err := s.db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			var cells []squares.Cell
			for j := i; j < i+5; j++ {
				cells = append(cells, squares.Cell{Row: j / 10, Column: j % 10})
			}
			pay, err := esc.Checkout(ctx, u, one.ID, cells, 500)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := sb.Confirm(ctx, pay.ProviderPaymentID, sandbox.Card{Number: "4242424242424242", Expiry: "12/30", CVC: "123"}); err != nil {
				t.Fatal(err)
			}
			if _, err := esc.Confirm(ctx, u, pay.ProviderPaymentID); err != nil {
				t.Fatal(err)
			}
			pays = append(pays, pay)
		}
		if err := esc.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		refunded, disputed := pays[0], pays[1]

		// $2 of the first payment is refunded in Stripe's dashboard (the sandbox stands in for Stripe; its own
		// events are not delivered here), and the second is disputed.
		if _, err := sb.RefundOutside(ctx, refunded.ProviderPaymentID, 200); err != nil {
			t.Fatal(err)
		}
		refundEvent := stripeEvent("evt_refunded_1", squares.EventChargeRefunded, fmt.Sprintf(`{"id":"ch_1","object":"charge",`+
			`"amount":500,"amount_captured":500,"amount_refunded":200,"captured":true,"currency":"usd","refunded":false,`+
			`"payment_intent":%q,"status":"succeeded"}`, refunded.ProviderPaymentID))
		disputeEvent := stripeEvent("evt_dispute_1", squares.EventDisputeCreated, fmt.Sprintf(`{"id":"dp_1","object":"dispute",`+
			`"amount":500,"balance_transactions":[],"charge":"ch_2","created":1700000000,"currency":"usd",`+
			`"is_charge_refundable":false,"livemode":false,"metadata":{},"payment_intent":%q,"reason":"fraudulent",`+
			`"status":"needs_response"}`, disputed.ProviderPaymentID))
		for range 2 {
			for _, body := range [][]byte{refundEvent, disputeEvent} {
				if status, answer := postWebhook(t, s, body, signAt(body, webhookSecret, time.Now())); status != http.StatusOK ||
					strings.Contains(answer, "ignored") {
					t.Fatalf("webhook: %d %s", status, answer)
				}
			}
		}

		txs, err := s.db.ListLedgerTransactions(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tx := range txs {
			if tx.Kind == squares.LedgerExternalRefund || tx.Kind == squares.LedgerDispute {
				got = append(got, fmt.Sprintf("%s %s %s", tx.Kind, tx.PaymentID, tx.Amount))
			}
		}
		want := []string{"external_refund " + refunded.ID + " 2.00", "dispute " + disputed.ID + " 5.00"}
		if !slices.Equal(got, want) {
			t.Fatalf("ledger = %v, want %v", got, want)
		}
		balances, total, err := s.db.LedgerSummary(ctx)
		if err != nil || total != 0 {
			t.Fatalf("ledger total %s, %v", total, err)
		}
		for _, b := range balances {
			if want := map[string]squares.Cents{squares.AccountPaymentsFailed: -700, squares.PoolEscrowAccount(one.ID): 10000}[b.Account]; want != 0 && b.Balance != want {
				t.Fatalf("%s = %s, want %s", b.Account, b.Balance, want)
			}
		}
		for _, pay := range []*squares.Payment{refunded, disputed} {
			if p, err := s.db.FindPayment(ctx, pay.ID); err != nil || p.Status != squares.PaymentCaptured {
				t.Fatalf("payment %s after the webhooks: %+v, %v", pay.ID, p, err)
			}
		}
		sqs, err := s.db.ListSquares(ctx, one.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, sq := range sqs {
			if (sq.PaymentID == refunded.ID && sq.UserID != refunded.UserID) || (sq.PaymentID == disputed.ID && sq.UserID != disputed.UserID) ||
				sq.State != squares.SquareOwned {
				t.Fatalf("square after the webhooks = %+v", sq)
			}
		}
		// The player sees the $2 come back to the card.
		var mine []string
		for _, tx := range c.get("/api/user/transactions").want(http.StatusOK).list() {
			mine = append(mine, fmt.Sprint(tx["kind"], " ", tx["amount"], " ", tx["description"]))
		}
		if want := []string{"external_refund 2.00 Refunded by the payment provider", "capture 0.00 Payment captured into escrow",
			"hold -5.00 Card hold for squares"}; !slices.Equal(mine, want) || fmt.Sprint(first["id"]) != strconv.FormatInt(refunded.UserID, 10) {
			t.Fatalf("the player's transactions = %q, want %q", mine, want)
		}
		ns, err := s.db.ListNotifications(ctx, admin.ID, false)
		if err != nil || len(ns) != 2 || ns[1].Kind != squares.NotifyExternalRefund || ns[0].Kind != squares.NotifyDispute {
			t.Fatalf("admin notifications = %+v, %v", ns, err)
		}
	})
}
