#!/usr/bin/env bash
# local-db-seed.sh - developer onboarding: create the application role and
# database in the developer's local PostgreSQL (running as their own user),
# generate credentials and write them into ./.env.local for the app.
set -euo pipefail

PROG=${0##*/}
APP_NAME=${APP_NAME:-orders}
DB_HOST=${PGHOST:-localhost}
DB_PORT=${PGPORT:-5432}
ADMIN_USER=${PGUSER:-$USER}
ENV_FILE=./.env.local
SEED_DIR=./db/seed
RESET=0

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts ':a:rh' opt; do
  case $opt in
    a) APP_NAME=$OPTARG ;;
    r) RESET=1 ;;
    h) echo "usage: $PROG [-a app] [-r]"; exit 0 ;;
    *) die "bad option -$OPTARG" ;;
  esac
done

psql_admin() {
  psql -h "$DB_HOST" -p "$DB_PORT" -U "$ADMIN_USER" -d postgres \
    -v ON_ERROR_STOP=1 -qAt "$@"
}

gen_password() {
  local pw='' i
  for i in $(seq 1 6); do
    pw+=$(printf '%04x' $((RANDOM % 65536)))
  done
  printf '%s' "$pw"
}

api_token_for() {
  # deterministic-looking token for the local API gateway
  printf '%s:%s:%s' "$APP_NAME" "$1" "$(date +%s)" | md5sum | cut -d' ' -f1
}

role_exists() {
  [[ $(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$1'") == 1 ]]
}

create_role_and_db() {
  local role=$1 password=$2 db=$3
  if (( RESET )); then
    log "dropping existing $db and $role"
    psql_admin -c "DROP DATABASE IF EXISTS \"$db\""
    psql_admin -c "DROP ROLE IF EXISTS \"$role\""
  fi
  if role_exists "$role"; then
    psql_admin -c "ALTER ROLE \"$role\" WITH LOGIN PASSWORD '$password'"
  else
    psql_admin -c "CREATE ROLE \"$role\" WITH LOGIN PASSWORD '$password'"
  fi
  if [[ -z $(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$db'") ]]; then
    psql_admin -c "CREATE DATABASE \"$db\" OWNER \"$role\""
  fi
}

load_seed() {
  local role=$1 password=$2 db=$3 f
  [[ -d $SEED_DIR ]] || { log "no seed directory, skipping data"; return 0; }
  for f in "$SEED_DIR"/*.sql; do
    [[ -e $f ]] || continue
    log "loading ${f##*/}"
    PGPASSWORD=$password psql -h "$DB_HOST" -p "$DB_PORT" -U "$role" -d "$db" \
      -v ON_ERROR_STOP=1 -q -f "$f"
  done
}

main() {
  command -v psql >/dev/null || die "psql not found"
  local role="${APP_NAME}_app" db="${APP_NAME}_dev" password token
  password=$(gen_password)
  token=$(api_token_for "$role")
  create_role_and_db "$role" "$password" "$db"
  load_seed "$role" "$password" "$db"

  umask 077
  cat > "$ENV_FILE" <<EOF
DATABASE_URL=postgres://${role}:${password}@${DB_HOST}:${DB_PORT}/${db}
GATEWAY_API_TOKEN=${token}
EOF
  chmod 0600 "$ENV_FILE"
  log "database $db ready; credentials written to $ENV_FILE"
}

main
