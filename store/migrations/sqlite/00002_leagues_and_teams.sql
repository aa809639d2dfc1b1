-- +goose Up
INSERT INTO leagues (id, name, display_name, sport, is_active, active_week) VALUES
    (1, 'NFL', 'National Football League', 'football', TRUE, ''),
    (2, 'NBA', 'National Basketball Association', 'basketball', TRUE, ''),
    (5, 'NCAAF', 'NCAA Football', 'football', TRUE, ''),
    (6, 'NCAAB', 'NCAA Basketball', 'basketball', TRUE, '');

INSERT INTO teams (league_id, name, abbreviation, code, city, primary_color, secondary_color) VALUES
    (1, 'Arizona Cardinals', 'ARI', 'ARI', 'Arizona', '#97233F', '#000000'),
    (1, 'Atlanta Falcons', 'ATL', 'ATL', 'Atlanta', '#A71930', '#000000'),
    (1, 'Baltimore Ravens', 'BAL', 'BAL', 'Baltimore', '#241773', '#9E7C0C'),
    (1, 'Buffalo Bills', 'BUF', 'BUF', 'Buffalo', '#00338D', '#C60C30'),
    (1, 'Carolina Panthers', 'CAR', 'CAR', 'Carolina', '#0085CA', '#101820'),
    (1, 'Chicago Bears', 'CHI', 'CHI', 'Chicago', '#0B162A', '#C83803'),
    (1, 'Cincinnati Bengals', 'CIN', 'CIN', 'Cincinnati', '#FB4F14', '#000000'),
    (1, 'Cleveland Browns', 'CLE', 'CLE', 'Cleveland', '#311D00', '#FF3C00'),
    (1, 'Dallas Cowboys', 'DAL', 'DAL', 'Dallas', '#003594', '#869397'),
    (1, 'Denver Broncos', 'DEN', 'DEN', 'Denver', '#FB4F14', '#002244'),
    (1, 'Detroit Lions', 'DET', 'DET', 'Detroit', '#0076B6', '#B0B7BC'),
    (1, 'Green Bay Packers', 'GB', 'GB', 'Green Bay', '#203731', '#FFB612'),
    (1, 'Houston Texans', 'HOU', 'HOU', 'Houston', '#03202F', '#A71930'),
    (1, 'Indianapolis Colts', 'IND', 'IND', 'Indianapolis', '#002C5F', '#A2AAAD'),
    (1, 'Jacksonville Jaguars', 'JAX', 'JAX', 'Jacksonville', '#006778', '#D7A22A'),
    (1, 'Kansas City Chiefs', 'KC', 'KC', 'Kansas City', '#E31837', '#FFB81C'),
    (1, 'Las Vegas Raiders', 'LV', 'LV', 'Las Vegas', '#000000', '#A5ACAF'),
    (1, 'Los Angeles Chargers', 'LAC', 'LAC', 'Los Angeles', '#0080C6', '#FFC20E'),
    (1, 'Los Angeles Rams', 'LAR', 'LA', 'Los Angeles', '#003594', '#FFA300'),
    (1, 'Miami Dolphins', 'MIA', 'MIA', 'Miami', '#008E97', '#FC4C02'),
    (1, 'Minnesota Vikings', 'MIN', 'MIN', 'Minnesota', '#4F2683', '#FFC62F'),
    (1, 'New England Patriots', 'NE', 'NE', 'New England', '#002244', '#C60C30'),
    (1, 'New Orleans Saints', 'NO', 'NO', 'New Orleans', '#D3BC8D', '#101820'),
    (1, 'New York Giants', 'NYG', 'NYG', 'New York', '#0B2265', '#A71930'),
    (1, 'New York Jets', 'NYJ', 'NYJ', 'New York', '#125740', '#000000'),
    (1, 'Philadelphia Eagles', 'PHI', 'PHI', 'Philadelphia', '#004C54', '#A5ACAF'),
    (1, 'Pittsburgh Steelers', 'PIT', 'PIT', 'Pittsburgh', '#FFB612', '#101820'),
    (1, 'San Francisco 49ers', 'SF', 'SF', 'San Francisco', '#AA0000', '#B3995D'),
    (1, 'Seattle Seahawks', 'SEA', 'SEA', 'Seattle', '#002244', '#69BE28'),
    (1, 'Tampa Bay Buccaneers', 'TB', 'TB', 'Tampa Bay', '#D50A0A', '#34302B'),
    (1, 'Tennessee Titans', 'TEN', 'TEN', 'Tennessee', '#0C2340', '#4B92DB'),
    (1, 'Washington Commanders', 'WAS', 'WAS', 'Washington', '#5A1414', '#FFB612');
-- +goose Down
DELETE FROM teams;
DELETE FROM leagues;
