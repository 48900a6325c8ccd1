#!/usr/bin/env bash
# A PgBouncer in transaction pool mode in front of a PostgreSQL, for running the server tests
# through it (CI does):
#   scripts/pgbouncer.sh start DIR [LISTEN_PORT] [SERVER_PORT]   # default 6432 in front of 5432
#   scripts/pgbouncer.sh stop DIR
# Its config, log and pid file live in DIR (run as root, it runs as the postgres user, who must
# be able to reach DIR: a folder of its own under /tmp will do). Trust auth for the postgres
# user, and a wildcard database entry, so the tests' per-run databases need no listing.
set -euo pipefail

command="${1:?usage: $0 start|stop DIR [LISTEN_PORT] [SERVER_PORT]}"
dir="${2:?usage: $0 start|stop DIR [LISTEN_PORT] [SERVER_PORT]}"
port="${3:-6432}"
server_port="${4:-5432}"
pgbouncer="$(command -v pgbouncer || echo /usr/sbin/pgbouncer)"

case "$command" in
start)
  mkdir -p "$dir"
  dir="$(cd "$dir" && pwd)"
  echo '"postgres" ""' >"$dir/userlist.txt"
  {
    echo '[databases]'
    echo "* = host=127.0.0.1 port=$server_port"
    echo '[pgbouncer]'
    echo 'listen_addr = 127.0.0.1'
    echo "listen_port = $port"
    echo 'unix_socket_dir ='
    echo 'auth_type = trust'
    echo "auth_file = $dir/userlist.txt"
    echo 'pool_mode = transaction'
    # Two test files at a time, each with its app's pools, the access writer and raw clients.
    echo 'max_client_conn = 500'
    echo 'default_pool_size = 20'
    # Each test file's database gets a pool of its own; let those of dropped databases go soon.
    echo 'autodb_idle_timeout = 60'
    echo 'log_connections = 0'
    echo 'log_disconnections = 0'
    echo "logfile = $dir/pgbouncer.log"
    echo "pidfile = $dir/pgbouncer.pid"
    # PgBouncer will not run as root; started as root, it becomes the postgres system user.
    if [ "$(id -u)" = 0 ]; then echo 'user = postgres'; fi
  } >"$dir/pgbouncer.ini"
  if [ "$(id -u)" = 0 ]; then chown -R postgres "$dir"; fi
  "$pgbouncer" -d -q "$dir/pgbouncer.ini"
  for _ in $(seq 50); do
    if pg_isready -q -h 127.0.0.1 -p "$port" -U postgres -d postgres; then exit 0; fi
    sleep 0.1
  done
  echo "PgBouncer did not start on 127.0.0.1:$port; its log:" >&2
  cat "$dir/pgbouncer.log" >&2 || true
  exit 1
  ;;
stop)
  if [ -f "$dir/pgbouncer.pid" ]; then kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true; fi
  ;;
*)
  echo "usage: $0 start|stop DIR [LISTEN_PORT] [SERVER_PORT]" >&2
  exit 2
  ;;
esac
