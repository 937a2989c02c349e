#!/usr/bin/env bash
# gateway_hosts_sync.sh - keeps the telemetry office host's /etc/hosts block
# for the shore gateways in sync with gateways.csv (name,address,vessel).
set -euo pipefail

CSV="${GATEWAYS_CSV:-./gateways.csv}"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# BEGIN fleet-gateways"
END_MARK="# END fleet-gateways"
BACKUP_DIR="./hosts_backups"
LOG="./gateway_hosts_sync.log"
DRY_RUN=0

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >> "$LOG"; echo "$*"; }

usage() {
    echo "usage: $0 [-n] [-f gateways.csv]"
    echo "  -n  show the new block without touching $HOSTS_FILE"
}

while getopts ":nf:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        f) CSV="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$CSV" ]] || { echo "missing $CSV" >&2; exit 1; }

# Build the hosts block from the CSV; the CSV path goes in via the environment.
build_block() {
    CSV_PATH="$CSV" BEGIN="$BEGIN_MARK" END="$END_MARK" python3 - <<'PY'
import csv, ipaddress, os, re, sys
allowed = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]
name_ok = re.compile(r"^[a-z0-9][a-z0-9.-]{0,62}$")
out = [os.environ["BEGIN"]]
errors = 0
with open(os.environ["CSV_PATH"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            addr = ipaddress.ip_address(row["address"].strip())
        except (KeyError, ValueError):
            errors += 1
            continue
        name = row.get("name", "").strip().lower()
        if not name_ok.match(name) or not any(addr in n for n in allowed):
            errors += 1
            continue
        vessel = re.sub(r"[^A-Za-z0-9 _-]", "", row.get("vessel", ""))
        out.append(f"{addr}\t{name} {name}.gw.example.net\t# {vessel}")
out.append(os.environ["END"])
print("\n".join(out))
if errors:
    print(f"{errors} row(s) rejected", file=sys.stderr)
PY
}

current_block() {
    sed -n "/^$BEGIN_MARK\$/,/^$END_MARK\$/p" "$HOSTS_FILE"
}

apply_block() {
    local block="$1" stamp
    stamp=$(date +%Y%m%d%H%M%S)
    mkdir -p "$BACKUP_DIR"
    cp "$HOSTS_FILE" "$BACKUP_DIR/hosts.$stamp"
    sudo cp "$HOSTS_FILE" "$HOSTS_FILE.bak-$stamp"
    # drop the old block, then append the new one
    sudo sed -i "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$HOSTS_FILE"
    printf '%s\n' "$block" | sudo tee -a "$HOSTS_FILE" >/dev/null
    sudo chmod 644 "$HOSTS_FILE"
    log "updated $HOSTS_FILE (backup $HOSTS_FILE.bak-$stamp)"
}

main() {
    local new old
    new=$(build_block)
    old=$(current_block || true)
    if [[ "$new" == "$old" ]]; then
        log "no change"
        return 0
    fi
    diff <(printf '%s\n' "$old") <(printf '%s\n' "$new") || true
    if (( DRY_RUN )); then
        log "dry run, not applying"
        return 0
    fi
    apply_block "$new"
    getent hosts "$(printf '%s\n' "$new" | awk 'NR==2 {print $2}')" || log "lookup check failed"
}

main
