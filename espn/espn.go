// Package espn reads game scores from ESPN's public scoreboard JSON,
// {base}/apis/site/v2/sports/{sport}/{league}/scoreboard?dates=YYYYMMDD, into squares.FeedGame values,
// and an event's scoring plays from its summary (ScoringPlays) into squares.ReportedScore values.
//
// An answer that is not a whole, well-formed scoreboard (an error status, HTML, truncated or oversized
// JSON, fields of the wrong type, an event without a home and an away team) is an error and yields no
// games at all: the caller logs it and asks again at its next interval.
package espn

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/squaresapp/squares"
)

// DefaultBaseURL is ESPN's public API host.
const DefaultBaseURL = "https://site.api.espn.com"

// MaxBodySize bounds a scoreboard answer; a busy college Saturday is well under 2 MiB.
const MaxBodySize = 8 << 20

// league is where ESPN keeps one of our leagues.
type league struct {
	path  string // sport/league in ESPN's URLs
	query string // extra query parameters
}

// leagues maps our league codes to ESPN's scoreboards. Men's college basketball lists only featured games
// unless asked for every Division I game (groups=50), and pages at 100 events without a larger limit.
var leagues = map[string]league{
	"NFL":   {path: "football/nfl"},
	"NCAAF": {path: "football/college-football"},
	"NBA":   {path: "basketball/nba"},
	"NCAAB": {path: "basketball/mens-college-basketball", query: "&groups=50&limit=500"},
}

// Path returns ESPN's sport/league path for one of our league codes (NFL, NCAAF, NBA, NCAAB), and false
// for a league ESPN's scoreboards are not read for.
func Path(leagueCode string) (string, bool) {
	l, ok := leagues[strings.ToUpper(strings.TrimSpace(leagueCode))]
	return l.path, ok
}

// Covers reports whether ESPN's scoreboards are read for one of our leagues (Path knows it).
func (c *Client) Covers(leagueCode string) bool {
	_, ok := Path(leagueCode)
	return ok
}

// Client reads ESPN scoreboards.
type Client struct {
	base string
	http *http.Client
}

// New returns a client for the API at baseURL (DefaultBaseURL when empty), making its requests with
// httpClient (one with a 30-second timeout when nil). Cancel the context given to Scoreboard to bound a
// single poll more tightly.
func New(baseURL string, httpClient *http.Client) *Client {
	baseURL = strings.TrimRight(strings.TrimSpace(baseURL), "/")
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 30 * time.Second}
	}
	return &Client{base: baseURL, http: httpClient}
}

// Scoreboard returns the games ESPN lists for one of our leagues on date's day in US Eastern time, each
// with League set to the league code in upper case. Any broken answer is an error and returns no games.
func (c *Client) Scoreboard(ctx context.Context, leagueCode string, date time.Time) ([]squares.FeedGame, error) {
	code := strings.ToUpper(strings.TrimSpace(leagueCode))
	l, ok := leagues[code]
	if !ok {
		return nil, fmt.Errorf("espn: no scoreboard for league %q", leagueCode)
	}
	url := c.base + "/apis/site/v2/sports/" + l.path + "/scoreboard?dates=" +
		date.In(squares.Eastern).Format("20060102") + l.query
	body, err := c.get(ctx, url)
	if err != nil {
		return nil, err
	}
	slug := l.path[strings.LastIndex(l.path, "/")+1:]
	games, err := parse(body, code, slug)
	if err != nil {
		return nil, fmt.Errorf("espn: %s: %w", url, err)
	}
	return games, nil
}

// get reads one answer of ESPN's API: an error for a failed request, a status other than 200 OK, or a body
// past MaxBodySize.
func (c *Client) get(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("espn: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("espn: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("espn: %s answered %s", url, resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxBodySize+1))
	if err != nil {
		return nil, fmt.Errorf("espn: reading %s: %w", url, err)
	}
	if len(body) > MaxBodySize {
		return nil, fmt.Errorf("espn: %s answered more than %d bytes", url, MaxBodySize)
	}
	return body, nil
}

// The parts of ESPN's scoreboard JSON that Squares reads.
type (
	scoreboard struct {
		Leagues []struct {
			Slug string `json:"slug"`
		} `json:"leagues"`
		Events *[]event `json:"events"`
	}
	event struct {
		ID           string        `json:"id"`
		Date         string        `json:"date"`
		Status       *status       `json:"status"`
		Competitions []competition `json:"competitions"`
	}
	competition struct {
		Date        string       `json:"date"`
		Status      *status      `json:"status"`
		Competitors []competitor `json:"competitors"`
	}
	status struct {
		Period int `json:"period"`
		Type   struct {
			Name        string `json:"name"`
			State       string `json:"state"`
			Completed   bool   `json:"completed"`
			Detail      string `json:"detail"`
			ShortDetail string `json:"shortDetail"`
		} `json:"type"`
	}
	competitor struct {
		HomeAway string          `json:"homeAway"`
		Score    json.RawMessage `json:"score"`
		Team     struct {
			DisplayName  string `json:"displayName"`
			Abbreviation string `json:"abbreviation"`
		} `json:"team"`
		Linescores []linescore `json:"linescores"`
	}
	linescore struct {
		Value  *float64 `json:"value"`
		Period int      `json:"period"`
	}
)

// parse reads a scoreboard answer for our league code; slug is the league ESPN should name in it.
func parse(body []byte, code, slug string) ([]squares.FeedGame, error) {
	var sb scoreboard
	if err := json.Unmarshal(body, &sb); err != nil {
		return nil, fmt.Errorf("not a scoreboard: %w", err)
	}
	if sb.Events == nil {
		return nil, errors.New("not a scoreboard: no events")
	}
	if len(sb.Leagues) > 0 && sb.Leagues[0].Slug != "" && sb.Leagues[0].Slug != slug {
		return nil, fmt.Errorf("a scoreboard of %q, not %q", sb.Leagues[0].Slug, slug)
	}
	games := make([]squares.FeedGame, 0, len(*sb.Events))
	for i, e := range *sb.Events {
		g, err := e.game(code)
		if err != nil {
			return nil, fmt.Errorf("event %d (%q): %w", i, e.ID, err)
		}
		games = append(games, g)
	}
	return games, nil
}

// game turns one event into a FeedGame.
func (e event) game(code string) (squares.FeedGame, error) {
	if e.ID == "" {
		return squares.FeedGame{}, errors.New("no id")
	}
	if len(e.Competitions) == 0 {
		return squares.FeedGame{}, errors.New("no competition")
	}
	c := e.Competitions[0]
	st := c.Status
	if st == nil {
		st = e.Status
	}
	if st == nil {
		return squares.FeedGame{}, errors.New("no status")
	}
	date := e.Date
	if date == "" {
		date = c.Date
	}
	start, err := parseTime(date)
	if err != nil {
		return squares.FeedGame{}, err
	}
	g := squares.FeedGame{EventID: e.ID, League: code, Start: start, Completed: st.Type.Completed,
		Period: st.Period, Detail: st.Type.ShortDetail}
	if g.Detail == "" {
		g.Detail = st.Type.Detail
	}
	g.Phase, g.Halftime = squares.FeedStatus(st.Type.Name, st.Type.State, st.Type.Completed)
	var home, away bool
	for _, comp := range c.Competitors {
		side, err := comp.side()
		if err != nil {
			return squares.FeedGame{}, fmt.Errorf("%s team: %w", comp.HomeAway, err)
		}
		switch {
		case comp.HomeAway == "home" && !home:
			g.Home, home = side, true
		case comp.HomeAway == "away" && !away:
			g.Away, away = side, true
		default:
			return squares.FeedGame{}, fmt.Errorf("unexpected competitor %q", comp.HomeAway)
		}
	}
	if !home || !away {
		return squares.FeedGame{}, errors.New("not one home and one away team")
	}
	return g, nil
}

// side reads one team: its names, its score (a string in ESPN's JSON) and its points per period.
func (c competitor) side() (squares.FeedSide, error) {
	s := squares.FeedSide{Name: strings.TrimSpace(c.Team.DisplayName), Abbreviation: strings.TrimSpace(c.Team.Abbreviation)}
	if s.Name == "" && s.Abbreviation == "" {
		return s, errors.New("no team name")
	}
	var err error
	if s.Score, err = score(c.Score); err != nil {
		return s, err
	}
	if len(c.Linescores) > 0 {
		s.Periods = make([]int, len(c.Linescores))
	}
	for i, l := range c.Linescores {
		if l.Value == nil {
			return s, fmt.Errorf("linescore %d has no value", i+1)
		}
		// Recent answers number their linescores; older ones list them in order.
		if l.Period != 0 && l.Period != i+1 {
			return s, fmt.Errorf("linescore %d is for period %d", i+1, l.Period)
		}
		if s.Periods[i], err = points(*l.Value); err != nil {
			return s, fmt.Errorf("linescore %d: %w", i+1, err)
		}
	}
	return s, nil
}

// score reads a competitor's score: a string such as "24" in the scoreboard, also accepted as a number
// or as an object with a value; missing before a game starts.
func score(raw json.RawMessage) (int, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	var text string
	if err := json.Unmarshal(raw, &text); err == nil {
		if text = strings.TrimSpace(text); text == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("score %q is not a number of points", text)
		}
		return n, nil
	}
	var number float64
	if err := json.Unmarshal(raw, &number); err == nil {
		return points(number)
	}
	var object struct {
		Value *float64 `json:"value"`
	}
	if err := json.Unmarshal(raw, &object); err == nil && object.Value != nil {
		return points(*object.Value)
	}
	return 0, fmt.Errorf("score %s is not a number of points", raw)
}

// points checks that a number is a whole, non-negative number of points.
func points(v float64) (int, error) {
	if v < 0 || v != math.Trunc(v) || v > 1e6 {
		return 0, fmt.Errorf("%v is not a number of points", v)
	}
	return int(v), nil
}

// parseTime reads ESPN's times, which usually omit the seconds ("2022-09-11T17:00Z").
func parseTime(s string) (time.Time, error) {
	for _, layout := range []string{"2006-01-02T15:04Z07:00", time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("date %q is not a time", s)
}
