#!/bin/sh
# Install the ticket machine journal sync on a depot PC.
#
# Copies the sync tool into ./deploy, renders its JSON config from
# ticket_sync.json.in using the depot code and machine list, and prints the
# schedule line for IT to add so journals are pulled every ten minutes.
#
# Usage: setup_ticket_sync_local.sh DEPOT_CODE MACHINES_FILE

set -eu

DEPOT="${1:-}"
MACHINES_FILE="${2:-machines.txt}"
PREFIX="$(pwd)/deploy"
TEMPLATE="ticket_sync.json.in"
STAGE="/tmp/ticket_sync_config.json"
SCHEDULE="${TICKET_SYNC_SCHEDULE:-*/10 * * * *}"

say() { echo "install: $*"; }
fail() { echo "install: error: $*" >&2; exit 1; }

[ -n "$DEPOT" ] || fail "usage: $0 DEPOT_CODE MACHINES_FILE"
[ -r "$MACHINES_FILE" ] || fail "cannot read $MACHINES_FILE"
[ -r "$TEMPLATE" ] || fail "template $TEMPLATE not found"
command -v python3 >/dev/null 2>&1 || fail "python3 is required"

machines_json() {
    # machines file: one "ID HOST" pair per line, '#' comments allowed
    grep -v '^[[:space:]]*#' "$MACHINES_FILE" | awk 'NF>=2 {
        printf "%s{\"id\": \"%s\", \"host\": \"%s\", \"user\": \"journal\", \"password\": \"journal\"}", sep, $1, $2
        sep = ", "
    }'
}

render_config() {
    machines="$(machines_json)"
    [ -n "$machines" ] || fail "no machines listed in $MACHINES_FILE"
    sed -e "s|@DEPOT@|${DEPOT}|g" \
        -e "s|@MACHINES@|${machines}|g" \
        -e "s|@EXPORT_DIR@|${PREFIX}/exports|g" \
        "$TEMPLATE" > "$STAGE"
    python3 -m json.tool "$STAGE" > /dev/null || fail "rendered config is not valid JSON"
}

install_files() {
    mkdir -p "$PREFIX/bin" "$PREFIX/etc" "$PREFIX/exports" "$PREFIX/log"
    cp ticket_machine_journal_pull.py "$PREFIX/bin/ticket_sync.py"
    chmod 0755 "$PREFIX/bin/ticket_sync.py"
    mv "$STAGE" "$PREFIX/etc/ticket_sync.json"
    chmod 0600 "$PREFIX/etc/ticket_sync.json"
    cat > "$PREFIX/bin/run-ticket-sync" <<EOF
#!/bin/sh
cd "$PREFIX" || exit 1
exec python3 "$PREFIX/bin/ticket_sync.py" --once --config "$PREFIX/etc/ticket_sync.json" >> "$PREFIX/log/sync.log" 2>&1
EOF
    chmod 0755 "$PREFIX/bin/run-ticket-sync"
}

print_schedule_hint() {
    runner="$PREFIX/bin/run-ticket-sync"
    say "installed. Ask the depot IT desk to add this to the scheduler for the sync account:"
    printf '    %s %s\n' "$SCHEDULE" "$runner"
}

say "installing ticket sync for depot $DEPOT into $PREFIX"
render_config
install_files
print_schedule_hint
say "first run:"
"$PREFIX/bin/run-ticket-sync" && say "ok, see $PREFIX/log/sync.log" || say "first run failed, check the log"
