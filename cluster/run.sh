#!/usr/bin/env bash
# make cluster: Squares scaled out, to try by hand. A throwaway PostgreSQL in a temporary directory, two
# `squares serve` instances on it in development mode with demo data, and nginx balancing between them
# (cluster/nginx.conf.tmpl, as the cluster test runs it). Ctrl-C stops everything and removes the directory.
#
# Ports: nginx on CLUSTER_PORT (default 8080), the instances on CLUSTER_PORT+1 and +2, PostgreSQL on +3.
set -euo pipefail
cd "$(dirname "$0")/.."

port=${CLUSTER_PORT:-8080}
port_a=$((port + 1)) port_b=$((port + 2)) port_pg=$((port + 3))
pg_bin=${SQUARES_TEST_POSTGRES_BIN:-/usr/lib/postgresql/15/bin}
nginx=$(command -v nginx || echo /usr/sbin/nginx)
squares=./bin/squares

[ -x "$squares" ] || { echo "cluster: $squares is missing: run make build" >&2; exit 1; }
[ -x "$nginx" ] || { echo "cluster: nginx is not installed (apt-get install nginx)" >&2; exit 1; }
[ -x "$pg_bin/initdb" ] || { echo "cluster: no PostgreSQL server at $pg_bin (apt-get install postgresql-15)" >&2; exit 1; }
for p in "$port" "$port_a" "$port_b" "$port_pg"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
    echo "cluster: port $p is in use; choose other ports with CLUSTER_PORT=..." >&2
    exit 1
  fi
done

dir=$(mktemp -d "${TMPDIR:-/tmp}/squares-cluster-XXXXXX")
as_pg=()
user_line=""
if [ "$(id -u)" -eq 0 ]; then
  # PostgreSQL refuses to run as root: run it as postgres. nginx's workers keep root's access to $dir.
  chown postgres: "$dir"
  as_pg=(runuser -u postgres --)
  user_line="user root;"
fi
pids=()

stop() {
  trap - EXIT INT TERM
  echo
  echo "cluster: stopping"
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/pg" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM

echo "cluster: PostgreSQL in $dir/pg on port $port_pg"
"${as_pg[@]}" "$pg_bin/initdb" -D "$dir/pg" -A trust -U postgres -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
"${as_pg[@]}" "$pg_bin/pg_ctl" -D "$dir/pg" -o "-p $port_pg -k $dir -h 127.0.0.1" -l "$dir/postgres.log" -w start >/dev/null
"${as_pg[@]}" "$pg_bin/createdb" -h 127.0.0.1 -p "$port_pg" -U postgres squares
url="postgres://postgres@127.0.0.1:$port_pg/squares?sslmode=disable"

serve() { # name port
  SQUARES_DATABASE_URL=$url SQUARES_ADDR=127.0.0.1:$2 SQUARES_DEV=1 SQUARES_DEMO=1 SQUARES_TRUST_PROXY=1 \
    "$squares" serve >"$dir/$1.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 300); do
    curl -fs "http://127.0.0.1:$2/readyz" >/dev/null 2>&1 && return 0
    kill -0 "${pids[-1]}" 2>/dev/null || break
    sleep 0.2
  done
  echo "cluster: instance $1 did not start; its log:" >&2
  tail -20 "$dir/$1.log" >&2
  exit 1
}
# One after the other: the first migrates the database and seeds the demo data.
serve a "$port_a"
serve b "$port_b"

sed -e "s|@DIR@|$dir|g" -e "s|@LISTEN@|127.0.0.1:$port|g" -e "s|@A@|127.0.0.1:$port_a|g" \
  -e "s|@B@|127.0.0.1:$port_b|g" -e "s|@USER@|$user_line|g" cluster/nginx.conf.tmpl >"$dir/nginx.conf"
"$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" &
pids+=($!)
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done

cat <<INFO

Squares cluster running (development mode, demo data; sign in as in README.md):
  nginx        http://localhost:$port   (round robin over a and b; access log $dir/access.log)
  instance a   http://127.0.0.1:$port_a  (log $dir/a.log)
  instance b   http://127.0.0.1:$port_b  (log $dir/b.log)
  PostgreSQL   $url  (log $dir/postgres.log)
Try: kill -9 ${pids[0]} (instance a), or restart PostgreSQL:
  ${as_pg[*]} $pg_bin/pg_ctl -D $dir/pg -m fast restart
Ctrl-C stops everything and removes $dir.
INFO
wait "${pids[@]}"
