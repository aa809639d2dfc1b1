package squares_test

import (
	"testing"
	"time"

	"github.com/squaresapp/squares"
)

func TestDisplayStatus(t *testing.T) {
	// The mapping of player-side.md section 4 and admin-side.md section 4, case-insensitive.
	for code, want := range map[string]string{
		"ns": "SCHEDULED", "NS": "SCHEDULED", "tbd": "SCHEDULED", "TBD": "SCHEDULED", "scheduled": "SCHEDULED",
		"Scheduled": "SCHEDULED", "": "SCHEDULED", "  ": "SCHEDULED", "postponed-ish": "SCHEDULED", "xyz": "SCHEDULED",
		"1q": "LIVE", "1Q": "LIVE", "2q": "LIVE", "3q": "LIVE", "4Q": "LIVE", "ot": "LIVE", "OT": "LIVE", "ht": "LIVE",
		"HT": "LIVE", "live": "LIVE", "LIVE": "LIVE", " live ": "LIVE",
		"ft": "COMPLETED", "FT": "COMPLETED", "aet": "COMPLETED", "AET": "COMPLETED", "completed": "COMPLETED",
		"Completed": "COMPLETED",
	} {
		if got := squares.DisplayStatus(code); got != want {
			t.Errorf("DisplayStatus(%q) = %q, want %q", code, got, want)
		}
	}
}

func validGame() squares.Game {
	return squares.Game{LeagueID: 1, HomeTeam: "Buffalo Bills", AwayTeam: "Kansas City Chiefs",
		GameDate: time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)}
}

func TestGameValidate(t *testing.T) {
	g := validGame()
	g.HomeTeam = "  Buffalo Bills "
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	if g.HomeTeam != "Buffalo Bills" || g.Status != squares.GameScheduled ||
		g.HomeTeamColor != squares.DefaultHomeColor || g.AwayTeamColor != squares.DefaultAwayColor {
		t.Errorf("defaults not filled in: %+v", g)
	}
	g = validGame()
	g.Status = "LIVE"
	g.HomeTeamColor, g.AwayTeamColor = "#00338D", "#e31837"
	if err := g.Validate(); err != nil || g.Status != squares.GameLive {
		t.Errorf("live game: %v, status %q", err, g.Status)
	}

	score := func(n int) *int { return &n }
	for _, tc := range []struct {
		name   string
		change func(g *squares.Game)
		field  string
	}{
		{"no league", func(g *squares.Game) { g.LeagueID = 0 }, "leagueId"},
		{"no home team", func(g *squares.Game) { g.HomeTeam = " " }, "homeTeam"},
		{"no away team", func(g *squares.Game) { g.AwayTeam = "" }, "awayTeam"},
		{"same teams", func(g *squares.Game) { g.AwayTeam = "buffalo bills" }, "awayTeam"},
		{"bad colour", func(g *squares.Game) { g.HomeTeamColor = "blue" }, "homeTeamColor"},
		{"short colour", func(g *squares.Game) { g.AwayTeamColor = "#fff" }, "awayTeamColor"},
		{"no date", func(g *squares.Game) { g.GameDate = time.Time{} }, "gameDate"},
		{"bad status", func(g *squares.Game) { g.Status = "halftime" }, "status"},
		{"bad quarter", func(g *squares.Game) { g.Quarter = 6 }, "quarter"},
		{"negative score", func(g *squares.Game) { g.HomeScore = score(-1) }, "score"},
		{"huge score", func(g *squares.Game) { g.AwayScore = score(1000) }, "score"},
	} {
		g := validGame()
		tc.change(&g)
		err := g.Validate()
		if squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("%s: Validate = %v, want invalid", tc.name, err)
			continue
		}
		if _, ok := fieldsOf(t, err)[tc.field]; !ok {
			t.Errorf("%s: fields = %v, want %s", tc.name, fieldsOf(t, err), tc.field)
		}
	}
}

func TestLeagueValidate(t *testing.T) {
	l := squares.League{Name: " xfl ", DisplayName: " XFL ", Sport: "Football"}
	if err := l.Validate(); err != nil || l.Name != "XFL" || l.DisplayName != "XFL" || l.Sport != "football" {
		t.Fatalf("Validate = %v, %+v", err, l)
	}
	for _, tc := range []struct {
		l     squares.League
		field string
	}{
		{squares.League{Name: "X", DisplayName: "X League", Sport: "football"}, "name"},
		{squares.League{Name: "TOO-LONG", DisplayName: "x", Sport: "football"}, "name"},
		{squares.League{Name: "ABCDEFGHIJKLM", DisplayName: "x", Sport: "football"}, "name"},
		{squares.League{Name: "MLS", DisplayName: "", Sport: "football"}, "displayName"},
		{squares.League{Name: "MLS", DisplayName: "Major League Soccer", Sport: "soccer"}, "sport"},
	} {
		err := tc.l.Validate()
		if _, ok := fieldsOf(t, err)[tc.field]; !ok || squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("Validate(%+v) = %v, want a %s error", tc.l, err, tc.field)
		}
	}
	if (&squares.League{ID: squares.LeagueNCAAB}).Periods() != 2 || (&squares.League{ID: squares.LeagueNFL}).Periods() != 4 {
		t.Error("periods: college basketball plays halves, the rest quarters")
	}
}

func TestNormalizeWeek(t *testing.T) {
	for _, tc := range []struct {
		league int64
		in     string
		want   string
	}{
		{squares.LeagueNFL, "w12", "W12"}, {squares.LeagueNFL, " W1 ", "W1"}, {squares.LeagueNFL, "W18", "W18"},
		{squares.LeagueNFL, "hof", "HOF"}, {squares.LeagueNFL, "PS3", "PS3"}, {squares.LeagueNFL, "sb", "SB"},
		{squares.LeagueNBA, "2026-11-29", "2026-11-29"}, {squares.LeagueNBA, "round1", "ROUND1"},
	} {
		if got, err := squares.NormalizeWeek(tc.league, tc.in); err != nil || got != tc.want {
			t.Errorf("NormalizeWeek(%d, %q) = %q, %v; want %q", tc.league, tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		league int64
		in     string
	}{
		{squares.LeagueNFL, "W0"}, {squares.LeagueNFL, "W19"}, {squares.LeagueNFL, "12"}, {squares.LeagueNFL, ""},
		{squares.LeagueNBA, ""}, {squares.LeagueNBA, "week 1"}, {squares.LeagueNBA, "ABCDEFGHIJKLMNOPQ"},
	} {
		if _, err := squares.NormalizeWeek(tc.league, tc.in); squares.ErrorCode(err) != squares.EINVALID {
			t.Errorf("NormalizeWeek(%d, %q) = %v, want invalid", tc.league, tc.in, err)
		}
	}
}

func TestFormatEastern(t *testing.T) {
	// 18:00 UTC on 29 Nov 2026 is 1 PM Eastern (standard time); 17:00 UTC on 1 Sep is 1 PM (daylight time).
	if got := squares.FormatEastern(time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)); got != "Sun Nov 29, 1:00 PM ET" {
		t.Errorf("FormatEastern = %q", got)
	}
	if got := squares.FormatEastern(time.Date(2026, 9, 1, 17, 0, 0, 0, time.UTC)); got != "Tue Sep 1, 1:00 PM ET" {
		t.Errorf("FormatEastern = %q", got)
	}
}
