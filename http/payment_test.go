package http_test

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/squaresapp/squares"
	"github.com/squaresapp/squares/escrow"
	"github.com/squaresapp/squares/espn"
	squareshttp "github.com/squaresapp/squares/http"
	"github.com/squaresapp/squares/pubsub"
	"github.com/squaresapp/squares/sandbox"
	"github.com/squaresapp/squares/scores"
	"github.com/squaresapp/squares/store"
	"github.com/squaresapp/squares/store/storetest"
)

// payT0 is when the payment tests start; their games kick off three days later, within the sales window.
var payT0 = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// payAPI is a server that takes payments through the sandbox, on a clock the test moves.
type payAPI struct {
	*apiServer
	clock *storetest.Clock
	sb    *sandbox.Provider
	esc   *escrow.Escrow
}

type payOptions struct {
	// prod runs the server outside development mode.
	prod bool
	// webhooks delivers the sandbox's events to the escrow as cmd/squares does; without them only the
	// browser's confirmation (purchase-squares) gives squares.
	webhooks bool
	// db, when set, is the database of a server started before: the new server stands for it restarted.
	db *store.DB
	// restricted and minAges replace the default eligibility rules when set.
	restricted, minAges string
	// feed, when set, is the base URL of an ESPN stand-in: the server polls it (SQUARES_SCORES=espn) with
	// its clock.
	feed string
	// provider, when set, wraps the sandbox as the escrow's payment provider (to make it misbehave).
	provider func(*sandbox.Provider) squares.PaymentProvider
	// providerName names the payment provider the server says it uses ("sandbox" unless set); the payments
	// themselves still go through the sandbox.
	providerName string
	// metrics starts the metrics listener (SQUARES_METRICS_ADDR) on a free port.
	metrics bool
	// live pushes the store's events to websockets (in-process events, as cmd/squares wires SQLite).
	live bool
	// payoutText is the operator's SQUARES_PAYOUT_TEXT.
	payoutText string
	// configure, when set, changes the server's configuration before it starts.
	configure func(*squareshttp.Config)
}

func startPayAPI(t *testing.T, engine string, opt payOptions) *payAPI {
	t.Helper()
	db := opt.db
	if db == nil {
		db = storetest.Open(t, engine)
	}
	clock := storetest.NewClock(payT0)
	db.Now = clock.Now
	restricted, minAges := squares.DefaultRestrictedStates, squares.DefaultStateMinAge
	if opt.restricted != "" {
		restricted = opt.restricted
	}
	if opt.minAges != "" {
		minAges = opt.minAges
	}
	elig, err := squares.ParseEligibility(restricted, minAges)
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	cfg := squareshttp.Config{Addr: "127.0.0.1:0", Dev: !opt.prod, Eligibility: elig,
		PaymentsProvider: cmp.Or(opt.providerName, "sandbox"), MetricsAddr: map[bool]string{true: "127.0.0.1:0"}[opt.metrics],
		PayoutText: opt.payoutText}
	if opt.configure != nil {
		opt.configure(&cfg)
	}
	srv := squareshttp.NewServer(cfg, db, logger)
	srv.Now = clock.Now
	if opt.live {
		events := pubsub.NewLocal(logger)
		db.Events, srv.Events = events, events
	}
	sb := sandbox.New(db)
	sb.Now = clock.Now
	var provider squares.PaymentProvider = sb
	if opt.provider != nil {
		provider = opt.provider(sb)
	}
	esc := escrow.New(db, provider, logger)
	esc.Eligibility = elig
	if opt.webhooks {
		sb.OnEvent = esc.HandleEvent
	}
	srv.Sandbox, srv.Escrow = sb, esc
	if opt.feed != "" {
		wire(srv) // the one applier, the poller's too, as cmd/squares has it
		srv.Scores = scores.NewPoller(db, srv.Applier, espn.New(opt.feed, nil), "espn", logger)
		srv.Scores.Now = clock.Now
	}
	openServer(t, srv)
	return &payAPI{apiServer: &apiServer{Server: srv, db: db}, clock: clock, sb: sb, esc: esc}
}

// openServer starts srv with its components (wire), closed when the test ends.
func openServer(t *testing.T, srv *squareshttp.Server) {
	t.Helper()
	wire(srv)
	if err := srv.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Close(ctx)
	})
}

// paidGame creates a game three days out with its pools, the $0, $1 and $5 ones active.
func (s *payAPI) paidGame(t *testing.T) []*squares.PoolView {
	t.Helper()
	_, pools := s.game(t, "W12", payT0.Add(72*time.Hour))
	s.activate(t, pools[0], pools[1], pools[2])
	return pools
}

// storePlayer creates an eligible player in the store and a client signed in as them, without the cost
// of a password hash. It works outside development mode too (the cookie is sent by hand).
func (s *payAPI) storePlayer(t *testing.T, role string) (*apiClient, *squares.User) {
	t.Helper()
	return s.storePlayerIn(t, role, "1990-01-01", "NY")
}

// storePlayerIn is storePlayer with the player's date of birth and state, verified and eligible.
func (s *payAPI) storePlayerIn(t *testing.T, role, dob, state string) (*apiClient, *squares.User) {
	t.Helper()
	ctx := context.Background()
	seq := emailCounter.Add(1)
	u := &squares.User{Email: fmt.Sprintf("buyer%d@example.com", seq), PasswordHash: "not-a-hash",
		FirstName: "Buyer", LastName: fmt.Sprint(seq), Role: squares.RoleUser, DateOfBirth: dob,
		ResidenceState: state, ResidenceCountry: "US", IsAgeVerified: true, IsEligibleToBet: true}
	if role == squares.RoleAdmin {
		var err error
		if u, err = s.db.EnsureAdmin(ctx, fmt.Sprintf("admin%d", seq), "not-a-hash"); err != nil {
			t.Fatal(err)
		}
	} else if err := s.db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	token := fmt.Sprintf("test-session-token-%d-%d", u.ID, seq)
	sum := sha256.Sum256([]byte(token))
	if err := s.db.CreateSession(ctx, &store.Session{TokenHash: hex.EncodeToString(sum[:]), UserID: u.ID,
		ExpiresAt: s.clock.Now().Add(24 * time.Hour)}, ""); err != nil {
		t.Fatal(err)
	}
	return &apiClient{t: t, base: s.URL(), hc: &http.Client{Timeout: 20 * time.Second, Transport: cookieTransport{
		name: map[bool]string{true: "squares_session", false: "__Host-squares_session"}[s.Config.Dev], value: token}}}, u
}

// cookieTransport sends a session cookie with every request (a jar would keep a Secure cookie off http).
type cookieTransport struct{ name, value string }

func (c cookieTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.AddCookie(&http.Cookie{Name: c.name, Value: c.value})
	return http.DefaultTransport.RoundTrip(r)
}

type jsonCell = map[string]int

func at(row, col int) jsonCell { return jsonCell{"row": row, "column": col} }

func checkoutBody(poolID any, amount any, cells ...jsonCell) map[string]any {
	return map[string]any{"poolId": poolID, "amount": amount, "squares": cells}
}

// card confirms a sandbox payment with a card number, as the card form does.
func card(c *apiClient, paymentIntentID, number string) *apiResponse {
	c.t.Helper()
	return c.post("/api/sandbox/payments/"+paymentIntentID+"/confirm",
		map[string]string{"cardNumber": number, "expiry": "12/30", "cvc": "123"})
}

const (
	goodCardNumber     = "4242 4242 4242 4242"
	declinedCardNumber = "4000 0000 0000 0002"
)

// buy checks out cells, pays with the good card and confirms through the API.
func buy(t *testing.T, c *apiClient, pool *squares.PoolView, cells ...jsonCell) map[string]any {
	t.Helper()
	co := c.post("/api/create-escrow-payment", checkoutBody(pool.ID, (pool.EntryFee*squares.Cents(len(cells))).String(),
		cells...)).want(http.StatusCreated).obj()
	pi := co["paymentIntentId"].(string)
	card(c, pi, goodCardNumber).want(http.StatusOK)
	return c.post("/api/purchase-squares", map[string]any{"poolId": pool.ID, "paymentIntentId": pi}).
		want(http.StatusOK).obj()
}

// fillInStore has new players buy every free square of a pool through the escrow directly, five each.
func (s *payAPI) fillInStore(t *testing.T, pool *squares.PoolView) {
	t.Helper()
	ctx := context.Background()
	sqs, err := s.db.ListSquares(ctx, pool.ID)
	if err != nil {
		t.Fatal(err)
	}
	taken := map[squares.Cell]bool{}
	for _, sq := range sqs {
		taken[squares.Cell{Row: sq.Row, Column: sq.Column}] = true
	}
	var free []squares.Cell
	for i := range squares.SquaresPerPool {
		if c := (squares.Cell{Row: i / 10, Column: i % 10}); !taken[c] {
			free = append(free, c)
		}
	}
	for len(free) > 0 {
		n := min(len(free), squares.PublicSquaresPerPlayer)
		_, u := s.storePlayer(t, squares.RoleUser)
		pay, err := s.esc.Checkout(ctx, u, pool.ID, free[:n], pool.EntryFee*squares.Cents(n))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.sb.Confirm(ctx, pay.ProviderPaymentID, sandbox.Card{Number: goodCardNumber, Expiry: "12/30", CVC: "123"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.esc.Confirm(ctx, u, pay.ProviderPaymentID); err != nil {
			t.Fatal(err)
		}
		free = free[n:]
	}
}

func TestCreateEscrowPayment(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		pools := s.paidGame(t)
		free, five := pools[0], pools[2]
		const path = "/api/create-escrow-payment"
		ann, _ := s.storePlayer(t, squares.RoleUser)

		// Amount as a number or a string; poolId as a number or a string; squares as a list or as JSON text.
		b := ann.post(path, checkoutBody(five.ID, 10, at(0, 0), at(0, 1))).want(http.StatusCreated).obj()
		if b["amount"] != "10.00" || b["currency"] != "usd" || b["provider"] != "sandbox" || b["clientSecret"] == "" ||
			b["paymentIntentId"] == "" || b["paymentId"] == "" ||
			b["expiresAt"] != payT0.Add(squares.CheckoutHold).Format(time.RFC3339) || len(b["squares"].([]any)) != 2 {
			t.Fatalf("checkout = %v", b)
		}
		ann.post(path, checkoutBody(fmt.Sprint(five.ID), "5.00", at(1, 1))).want(http.StatusCreated)
		ann.post(path, map[string]any{"poolId": five.ID, "amount": "5.00", "squares": `[{"row":2,"column":2,"price":"5.00"}]`}).
			want(http.StatusCreated)

		// The amount must be the server's price; never negative or zero.
		bob, _ := s.storePlayer(t, squares.RoleUser)
		bob.post(path, checkoutBody(five.ID, 7, at(3, 3))).wantError(http.StatusBadRequest, "invalid",
			"The amount does not match the price of 1 squares: $5.00.", "amount", "The amount does not match the price of 1 squares: $5.00.")
		bob.post(path, checkoutBody(five.ID, "-5.00", at(3, 3))).wantError(http.StatusBadRequest, "invalid",
			"Amount must be positive.", "amount", "Amount must be positive.")
		bob.post(path, checkoutBody(five.ID, 0, at(3, 3))).wantError(http.StatusBadRequest, "invalid", "",
			"amount", "Amount must be positive.")
		bob.post(path, checkoutBody(five.ID, "ten", at(3, 3))).wantError(http.StatusBadRequest, "invalid", "",
			"amount", "Amount must be a number of dollars, such as 10 or \"10.00\".")
		// Taken (held by Ann's open checkout: each new checkout of hers replaced the one before), or over the
		// limit.
		bob.post(path, checkoutBody(five.ID, 5, at(2, 2))).wantError(http.StatusConflict, "conflict",
			"This square is already owned by another player.")
		bob.post(path, checkoutBody(five.ID, 5, at(0, 1))).want(http.StatusCreated)
		ann.post(path, checkoutBody(five.ID, 30, at(4, 0), at(4, 1), at(4, 2), at(4, 3), at(4, 4), at(4, 5))).
			wantError(http.StatusUnprocessableEntity, "unprocessable",
				"You can only select 5 squares at a time. Remove a selected square first to select a different one.")

		// Free pools are claimed, not bought.
		bob.post(path, checkoutBody(free.ID, 5, at(3, 3))).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"This pool is free: claim its squares without paying.")
		// Who may buy: eligible players only.
		const ineligible = "Paid pools need an age-verified account in a state where they are allowed."
		unverified, _ := s.register(t, "", "")
		unverified.post(path, checkoutBody(five.ID, 5, at(3, 3))).wantError(http.StatusForbidden, "forbidden", ineligible)
		// A restricted state is named, as when the state is restricted after the player's verification.
		restricted, _ := s.register(t, "1990-01-01", "UT")
		restricted.post(path, checkoutBody(five.ID, 5, at(3, 3))).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"Paid pools are not available in Utah.")
		admin, _ := s.storePlayer(t, squares.RoleAdmin)
		admin.post(path, checkoutBody(five.ID, 5, at(3, 3))).wantError(http.StatusForbidden, "forbidden", "Admins cannot buy squares.")
		s.client(t).post(path, checkoutBody(five.ID, 5, at(3, 3))).wantError(http.StatusUnauthorized, "unauthorized", "")

		// A paid pool opens for sale 6 days before kickoff (a card hold lasts about 7).
		kickoff := payT0.Add(8 * 24 * time.Hour)
		_, later := s.game(t, "W12", kickoff)
		s.activate(t, later[2])
		bob.post(path, checkoutBody(later[2].ID, 5, at(3, 3))).wantError(http.StatusUnprocessableEntity, "unprocessable",
			"Sales for this pool open on "+squares.FormatEastern(kickoff.Add(-squares.SalesWindow))+".")

		// Paid squares are never claimed directly.
		bob.post(fmt.Sprintf("/api/pools/%d/squares", five.ID), at(3, 3)).wantError(http.StatusUnprocessableEntity,
			"unprocessable", "Squares in paid pools are bought through checkout.")

		// Refusals changed nothing: Ann's open checkout holds (2,2) and Bob's (0,1), and only they.
		sqs := s.get(t, fmt.Sprintf("/api/pools/%d/squares", five.ID)).list()
		if len(sqs) != 2 {
			t.Fatalf("squares after the refusals = %v", sqs)
		}
	})
}

// get is a signed-out GET.
func (s *payAPI) get(t *testing.T, path string) *apiResponse {
	t.Helper()
	return s.client(t).get(path).want(http.StatusOK)
}

func TestPurchaseSquares(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{}) // no webhooks: the browser's confirmation gives the squares
		five := s.paidGame(t)[2]
		ann, annUser := s.storePlayer(t, squares.RoleUser)
		bob, _ := s.storePlayer(t, squares.RoleUser)
		const path = "/api/purchase-squares"

		co := ann.post("/api/create-escrow-payment", checkoutBody(five.ID, 10, at(5, 5), at(5, 6))).want(http.StatusCreated).obj()
		pi := co["paymentIntentId"].(string)
		ann.post(path, map[string]any{"poolId": five.ID, "paymentIntentId": "pi_sbx_nonesuch"}).
			wantError(http.StatusNotFound, "not_found", "Payment not found.")
		bob.post(path, map[string]any{"poolId": five.ID, "paymentIntentId": pi}).
			wantError(http.StatusNotFound, "not_found", "Payment not found.")
		ann.post(path, map[string]any{"poolId": five.ID}).wantError(http.StatusBadRequest, "invalid", "",
			"paymentIntentId", "A payment id is required.")
		ann.post(path, map[string]any{"poolId": five.ID, "paymentIntentId": pi}).wantError(http.StatusUnprocessableEntity,
			"unprocessable", "The payment is not complete yet (requires_payment_method).")

		card(ann, pi, goodCardNumber).want(http.StatusOK)
		bob.post(path, map[string]any{"poolId": five.ID, "paymentIntentId": pi}).want(http.StatusNotFound)
		b := ann.post(path, map[string]any{"poolId": five.ID, "paymentIntentId": pi,
			"squares": []jsonCell{at(5, 5), at(5, 6)}}).want(http.StatusOK).obj()
		if b["success"] != true || b["message"] != "You've successfully claimed 2 squares." || b["paymentStatus"] != "held" ||
			b["alreadyConfirmed"] != false || num(t, b["pool"].(map[string]any)["currentParticipants"]) != 2 {
			t.Fatalf("purchase = %v", b)
		}
		first := b["squares"].([]any)
		for _, sq := range first {
			if sq := sq.(map[string]any); sq["userId"] != strconv.FormatInt(annUser.ID, 10) || sq["purchasePrice"] != "5.00" {
				t.Fatalf("square = %v", sq)
			}
		}
		again := ann.post(path, map[string]any{"poolId": five.ID, "paymentIntentId": pi}).want(http.StatusOK).obj()
		if again["alreadyConfirmed"] != true || fmt.Sprint(again["squares"]) != fmt.Sprint(first) {
			t.Fatalf("second purchase = %v, first squares %v", again, first)
		}
		// The payment for another pool is refused for that pool.
		ann.post(path, map[string]any{"poolId": five.ID + 1, "paymentIntentId": pi}).wantError(http.StatusBadRequest,
			"invalid", "", "poolId", "This payment is for another pool.")

		// One hold in the ledger, however often it was confirmed.
		txs := ann.get("/api/user/transactions").want(http.StatusOK).list()
		if len(txs) != 1 || txs[0]["kind"] != "hold" || txs[0]["amount"] != "-10.00" {
			t.Fatalf("transactions = %v", txs)
		}
	})
}

func TestSandboxCardForm(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		five := s.paidGame(t)[2]
		ann, _ := s.storePlayer(t, squares.RoleUser)
		bob, _ := s.storePlayer(t, squares.RoleUser)
		pi := ann.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(7, 7))).want(http.StatusCreated).
			obj()["paymentIntentId"].(string)
		path := "/api/sandbox/payments/" + pi + "/confirm"

		ann.post(path, map[string]string{"cardNumber": "4242 4242 4242 4241", "expiry": "12/30", "cvc": "123"}).
			wantError(http.StatusBadRequest, "invalid", "", "cardNumber", "Your card number is invalid.")
		ann.post(path, map[string]string{"cardNumber": goodCardNumber, "expiry": "01/20", "cvc": "123"}).
			wantError(http.StatusBadRequest, "invalid", "", "expiry", "Your card has expired.")
		ann.post(path, map[string]string{"cardNumber": goodCardNumber, "expiry": "12/30", "cvc": "12"}).
			wantError(http.StatusBadRequest, "invalid", "", "cvc", "Your card's security code is invalid.")
		bob.post(path, map[string]string{"cardNumber": goodCardNumber, "expiry": "12/30", "cvc": "123"}).
			wantError(http.StatusNotFound, "not_found", "Payment not found.")

		d := card(ann, pi, declinedCardNumber).want(http.StatusOK).obj()
		if d["status"] != "requires_payment_method" || d["error"].(map[string]any)["message"] != "Your card was declined." {
			t.Fatalf("declined = %v", d)
		}
		ann.post("/api/purchase-squares", map[string]any{"poolId": five.ID, "paymentIntentId": pi}).
			wantError(http.StatusUnprocessableEntity, "unprocessable", "Your card was declined.")
		pays := ann.get("/api/user/payments").want(http.StatusOK).list()
		if len(pays) != 1 || pays[0]["status"] != "pending" {
			t.Fatalf("payments after the decline = %v", pays)
		}

		g := card(ann, pi, goodCardNumber).want(http.StatusOK).obj()
		if g["status"] != "requires_capture" || g["amount"] != "5.00" || g["error"] != nil {
			t.Fatalf("approved = %v", g)
		}
		// The webhook gave the squares already; the browser's confirmation says so.
		b := ann.post("/api/purchase-squares", map[string]any{"poolId": five.ID, "paymentIntentId": pi}).want(http.StatusOK).obj()
		if b["alreadyConfirmed"] != true || b["paymentStatus"] != "held" {
			t.Fatalf("purchase = %v", b)
		}
	})
}

// TestTransactionsLedgerAndRefund follows one player's money through holds, a capture, a release and a
// refund, from their side (GET /api/user/transactions) and the admin's (the ledger summary), and the
// admin's refund of pools.
func TestTransactionsLedgerAndRefund(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		pools := s.paidGame(t)
		one, five := pools[1], pools[2]
		ann, _ := s.storePlayer(t, squares.RoleUser)
		admin, _ := s.storePlayer(t, squares.RoleAdmin)

		buy(t, ann, five, at(0, 0), at(0, 1))
		buy(t, ann, one, at(9, 9))
		s.fillInStore(t, one)
		if err := s.esc.RunOnce(context.Background()); err != nil {
			t.Fatal(err)
		}
		sum := admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj()
		balances := map[string]string{}
		for _, a := range sum["accounts"].([]any) {
			a := a.(map[string]any)
			balances[a["account"].(string)] = a["balance"].(string)
		}
		if sum["total"] != "0.00" || sum["balanced"] != true || balances["world"] != "-110.00" ||
			balances[squares.PoolHeldAccount(five.ID)] != "10.00" || balances[squares.PoolEscrowAccount(one.ID)] != "100.00" ||
			balances[squares.PoolHeldAccount(one.ID)] != "0.00" {
			t.Fatalf("ledger summary = %v", sum)
		}
		ann.get("/api/admin/ledger/summary").wantError(http.StatusForbidden, "forbidden", "Admin access required.")
		s.client(t).get("/api/admin/ledger/summary").want(http.StatusUnauthorized)

		// The admin refunds both pools: the open one's hold is released, the complete one's capture refunded.
		refund := func(id int64) *apiResponse { return admin.post(fmt.Sprintf("/api/pools/%d/refund", id), nil) }
		ann.post(fmt.Sprintf("/api/pools/%d/refund", five.ID), nil).want(http.StatusForbidden)
		refund(999999).wantError(http.StatusNotFound, "not_found", "Pool not found.")
		for _, p := range []*squares.PoolView{five, one} {
			r := refund(p.ID).want(http.StatusOK).obj()
			if r["success"] != true || r["message"] != "Pool refunded successfully" || r["pool"].(map[string]any)["status"] != "cancelled" {
				t.Fatalf("refund = %v", r)
			}
		}
		txs := ann.get("/api/user/transactions").want(http.StatusOK).list()
		type row struct{ kind, amount, description string }
		var got []row
		for _, tx := range txs {
			got = append(got, row{tx["kind"].(string), tx["amount"].(string), tx["description"].(string)})
			if tx["paymentId"] == nil || tx["poolName"] == "" || tx["game"] != "Kansas City Chiefs @ Buffalo Bills" {
				t.Fatalf("transaction = %v", tx)
			}
		}
		want := []row{
			{"refund", "1.00", "Payment refunded"},
			{"release", "10.00", "Card hold released"},
			{"capture", "0.00", "Payment captured into escrow"},
			{"hold", "-1.00", "Card hold for squares"},
			{"hold", "-10.00", "Card hold for squares"},
		}
		if !slices.Equal(got, want) {
			t.Fatalf("transactions = %v, want %v", got, want)
		}
		pays := ann.get("/api/user/payments").want(http.StatusOK).list()
		for _, p := range pays {
			if (p["status"] != "refunded" && p["status"] != "released") || p["message"] != "The pool was cancelled, so your payment was returned." {
				t.Fatalf("payment after the refund = %v", p)
			}
		}
		sum = admin.get("/api/admin/ledger/summary").want(http.StatusOK).obj()
		for _, a := range sum["accounts"].([]any) {
			if a := a.(map[string]any); a["balance"] != "0.00" {
				t.Fatalf("after refunding everything, %v", a)
			}
		}
		if sum["total"] != "0.00" || sum["balanced"] != true {
			t.Fatalf("ledger summary = %v", sum)
		}
		// Refunding again changes nothing; a completed pool cannot be refunded.
		refund(one.ID).want(http.StatusOK)
		if n := len(ann.get("/api/user/transactions").want(http.StatusOK).list()); n != 5 {
			t.Fatalf("transactions after a second refund = %d", n)
		}
		ten := pools[3]
		s.activate(t, ten)
		s.fillInStore(t, ten)
		for _, st := range []string{squares.PoolStarted, squares.PoolCompleted} {
			if _, err := s.db.FollowGame(context.Background(), ten.ID, st); err != nil {
				t.Fatal(err)
			}
		}
		refund(ten.ID).wantError(http.StatusUnprocessableEntity, "unprocessable", "A pool cannot go from completed to cancelled.")
	})
}

// TestConcurrentBuyersOfOneSquare: players ask for the same square at once through the real API: one
// checkout wins (201), the others get 409; the winner pays and owns it; a loser buys another square;
// after the hold time nothing is left pending.
func TestConcurrentBuyersOfOneSquare(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{webhooks: true})
		five := s.paidGame(t)[2]
		const n = 8
		clients := make([]*apiClient, n)
		users := make([]*squares.User, n)
		for i := range clients {
			clients[i], users[i] = s.storePlayer(t, squares.RoleUser)
		}
		type answer struct {
			status int
			body   map[string]any
		}
		answers := make([]answer, n)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i, c := range clients {
			wg.Go(func() {
				<-start
				r := c.do("POST", "/api/create-escrow-payment", checkoutBody(five.ID, 5, at(4, 2)))
				answers[i].status = r.Status
				if r.Status == http.StatusCreated {
					answers[i].body = r.obj()
				}
			})
		}
		close(start)
		wg.Wait()
		winner := -1
		for i, a := range answers {
			switch a.status {
			case http.StatusCreated:
				if winner >= 0 {
					t.Fatalf("players %d and %d both got square (4, 2)", winner, i)
				}
				winner = i
			case http.StatusConflict:
			default:
				t.Fatalf("player %d: %d", i, a.status)
			}
		}
		if winner < 0 {
			t.Fatal("nobody got the square")
		}
		pi := answers[winner].body["paymentIntentId"].(string)
		card(clients[winner], pi, goodCardNumber).want(http.StatusOK)
		clients[winner].post("/api/purchase-squares", map[string]any{"poolId": five.ID, "paymentIntentId": pi}).want(http.StatusOK)
		sqs := s.get(t, fmt.Sprintf("/api/pools/%d/squares", five.ID)).list()
		if len(sqs) != 1 || sqs[0]["userId"] != strconv.FormatInt(users[winner].ID, 10) || sqs[0]["status"] == "held" {
			t.Fatalf("squares = %v", sqs)
		}

		loser := clients[(winner+1)%n]
		loser.post("/api/create-escrow-payment", checkoutBody(five.ID, 5, at(4, 3))).want(http.StatusCreated)
		s.clock.Add(squares.CheckoutHold + time.Second)
		if err := s.esc.RunOnce(context.Background()); err != nil {
			t.Fatal(err)
		}
		pays, err := s.db.ListPoolPayments(context.Background(), five.ID)
		if err != nil {
			t.Fatal(err)
		}
		statuses := map[string]int{}
		for _, p := range pays {
			statuses[p.Status]++
		}
		if len(pays) != 2 || statuses[squares.PaymentHeld] != 1 || statuses[squares.PaymentReleased] != 1 {
			t.Fatalf("payments after the hold time = %v", statuses)
		}
		if p := loser.get("/api/user/payments").want(http.StatusOK).list(); p[0]["status"] != "released" {
			t.Fatalf("loser's payment = %v", p[0])
		}
	})
}

// TestCheckoutResumeAndCancel: a buyer's checkout of the same squares resumes (another tab, a reload),
// another selection replaces it, and the buyer may cancel an unpaid checkout, freeing the squares at once.
func TestCheckoutResumeAndCancel(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, engine string) {
		s := startPayAPI(t, engine, payOptions{})
		five := s.paidGame(t)[2]
		ann, _ := s.storePlayer(t, squares.RoleUser)
		bob, _ := s.storePlayer(t, squares.RoleUser)
		const path = "/api/create-escrow-payment"

		first := ann.post(path, checkoutBody(five.ID, 10, at(1, 1), at(1, 2))).want(http.StatusCreated).obj()
		again := ann.post(path, checkoutBody(five.ID, "10.00", at(1, 2), at(1, 1))).want(http.StatusCreated).obj()
		if again["paymentId"] != first["paymentId"] || again["clientSecret"] != first["clientSecret"] {
			t.Fatalf("the same squares started a new checkout: %v then %v", first["paymentId"], again["paymentId"])
		}
		// Another tab finds the open checkout with its client secret.
		var mine []map[string]any
		ann.get("/api/user/payments").want(http.StatusOK).decode(&mine)
		if len(mine) != 1 || mine[0]["clientSecret"] != first["clientSecret"] || mine[0]["status"] != "pending" {
			t.Fatalf("payments = %v", mine)
		}
		// Other squares replace the open checkout: (1,1) is free again.
		second := ann.post(path, checkoutBody(five.ID, 5, at(2, 2))).want(http.StatusCreated).obj()
		bob.post(path, checkoutBody(five.ID, 5, at(1, 1))).want(http.StatusCreated)
		// Nobody cancels another's checkout; the buyer cancels theirs and (2,2) is free at once.
		cancel := fmt.Sprintf("/api/user/payments/%s/cancel", second["paymentId"])
		bob.post(cancel, nil).wantError(http.StatusNotFound, "not_found", "Payment not found.")
		if got := ann.post(cancel, nil).want(http.StatusOK).obj(); got["status"] != "released" {
			t.Fatalf("cancelled checkout = %v", got)
		}
		bob.post(path, checkoutBody(five.ID, 10, at(1, 1), at(2, 2))).want(http.StatusCreated)
		// The cancelled provider payment is cancelled at the sandbox.
		pp, err := s.sb.Get(context.Background(), second["paymentIntentId"].(string))
		if err != nil || pp.Status != squares.ProviderCanceled {
			t.Fatalf("sandbox payment = %+v, %v", pp, err)
		}
		// A paid checkout cannot be cancelled.
		third := ann.post(path, checkoutBody(five.ID, 5, at(3, 3))).want(http.StatusCreated).obj()
		ann.post(fmt.Sprintf("/api/sandbox/payments/%s/confirm", third["paymentIntentId"]),
			map[string]any{"cardNumber": "4242424242424242", "expiry": "12/40", "cvc": "123"}).want(http.StatusOK)
		ann.post("/api/purchase-squares", map[string]any{"poolId": five.ID, "paymentIntentId": third["paymentIntentId"]}).
			want(http.StatusOK)
		ann.post(fmt.Sprintf("/api/user/payments/%s/cancel", third["paymentId"]), nil).wantError(http.StatusConflict,
			"conflict", "This payment is complete; its squares are yours.")
	})
}
