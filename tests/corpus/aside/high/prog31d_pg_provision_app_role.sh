#!/usr/bin/env bash
# Provision a database and an owning login role for a new service on the
# local PostgreSQL cluster. Runs psql as the postgres superuser through sudo
# (peer authentication over the unix socket).
#
# usage: pg_provision_app_role.sh <service> [schema ...]
set -euo pipefail

SERVICE="${1:?usage: $0 <service> [schema ...]}"
shift || true
SCHEMAS=("${@:-app}")
CONN_LIMIT="${CONN_LIMIT:-40}"
CRED_DIR="./credentials"

log() { echo "[provision] $*" >&2; }

if [[ ! "$SERVICE" =~ ^[a-z][a-z0-9_]{2,30}$ ]]; then
    log "service name must be lower-case letters, digits and underscores"
    exit 2
fi

ROLE="${SERVICE}_owner"
DB="${SERVICE}"

as_postgres() {
    sudo -n -u postgres psql -X -v ON_ERROR_STOP=1 --quiet "$@"
}

role_exists() {
    [[ "$(as_postgres -Atc "SELECT 1 FROM pg_roles WHERE rolname = '${ROLE}'")" == "1" ]]
}

db_exists() {
    [[ "$(as_postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '${DB}'")" == "1" ]]
}

new_password() {
    openssl rand -base64 30 | tr -d '/+=\n' | cut -c1-32
}

create_role() {
    local pw="$1"
    as_postgres -v role="$ROLE" -v pw="$pw" -v lim="$CONN_LIMIT" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'pw' CONNECTION LIMIT :lim NOSUPERUSER NOCREATEROLE NOCREATEDB;
SQL
}

create_database() {
    as_postgres -c "CREATE DATABASE \"${DB}\" OWNER \"${ROLE}\" ENCODING 'UTF8' TEMPLATE template0"
    as_postgres -d "$DB" -c "REVOKE ALL ON DATABASE \"${DB}\" FROM PUBLIC"
    as_postgres -d "$DB" -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC"
}

create_schemas() {
    local s
    for s in "${SCHEMAS[@]}"; do
        [[ "$s" =~ ^[a-z][a-z0-9_]*$ ]] || { log "skip invalid schema name $s"; continue; }
        as_postgres -d "$DB" -c "CREATE SCHEMA IF NOT EXISTS \"$s\" AUTHORIZATION \"${ROLE}\""
        log "schema $s ready"
    done
}

store_credentials() {
    local pw="$1"
    mkdir -p "$CRED_DIR"
    umask 077
    printf 'localhost:5432:%s:%s:%s\n' "$DB" "$ROLE" "$pw" >"$CRED_DIR/${SERVICE}.pgpass"
    chmod 600 "$CRED_DIR/${SERVICE}.pgpass"
    log "credentials written to $CRED_DIR/${SERVICE}.pgpass (hand over via the vault, then delete)"
}

main() {
    command -v psql >/dev/null || { log "psql not installed"; exit 1; }
    if role_exists; then
        log "role $ROLE already exists; leaving password unchanged"
    else
        local pw
        pw="$(new_password)"
        create_role "$pw"
        store_credentials "$pw"
        log "created role $ROLE"
    fi
    if db_exists; then
        log "database $DB already exists"
    else
        create_database
        log "created database $DB"
    fi
    create_schemas
    as_postgres -d "$DB" -c '\dn+'
}

main
