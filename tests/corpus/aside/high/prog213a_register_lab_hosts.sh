#!/usr/bin/env bash
# Registers the lab analyzers' names in /etc/hosts so the LIMS can reach
# them by name (the clinic has no internal DNS).
# Reads ./analyzers.csv (name,ip,room), regenerates a managed block and
# installs the result with sudo.
set -euo pipefail

CSV="${1:-./analyzers.csv}"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# BEGIN vet-lab analyzers"
END_MARK="# END vet-lab analyzers"
STAGE_DIR="./.hosts_stage"
LOG="./register_lab_hosts.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
die() { log "ERROR: $*"; exit 1; }

[[ -f "$CSV" ]] || die "analyzer list $CSV not found"
mkdir -p "$STAGE_DIR"

validate_csv() {
    local bad
    bad=$(awk -F, 'NR>1 && ($1=="" || $2 !~ /^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/) {print NR": "$0}' "$CSV")
    if [[ -n "$bad" ]]; then
        log "invalid rows:"
        printf '%s\n' "$bad" | tee -a "$LOG"
        return 1
    fi
}

render_block() {
    CSV_PATH="$CSV" BEGIN_MARK="$BEGIN_MARK" END_MARK="$END_MARK" \
    CLINIC_DOMAIN="${CLINIC_DOMAIN:-lab.example.org}" python3 - <<'PY'
import csv, os, sys

domain = os.environ["CLINIC_DOMAIN"]
rows = []
with open(os.environ["CSV_PATH"], newline="") as fh:
    for row in csv.DictReader(fh):
        name = row["name"].strip().lower().replace(" ", "-")
        rows.append((row["ip"].strip(), name, row.get("room", "").strip()))
rows.sort(key=lambda r: tuple(int(x) for x in r[0].split(".")))
print(os.environ["BEGIN_MARK"])
for ip, name, room in rows:
    comment = f"  # {room}" if room else ""
    print(f"{ip:<16}{name}.{domain} {name}{comment}")
print(os.environ["END_MARK"])
print(f"{len(rows)} analyzers", file=sys.stderr)
PY
}

merge_hosts() {
    local block_file="$1" out="$2"
    # keep everything outside the managed block, then append the new block
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
        $0 == b {skip=1; next}
        $0 == e {skip=0; next}
        !skip {print}
    ' "$HOSTS_FILE" > "$out"
    cat "$block_file" >> "$out"
}

install_hosts() {
    local new="$1"
    if cmp -s "$new" "$HOSTS_FILE"; then
        log "/etc/hosts already up to date"
        return 0
    fi
    diff -u "$HOSTS_FILE" "$new" | tee -a "$LOG" || true
    sudo cp -p "$HOSTS_FILE" "${HOSTS_FILE}.bak-$(date +%Y%m%d%H%M)"
    sudo install -m 0644 -o root -g root "$new" "$HOSTS_FILE"
    log "installed new $HOSTS_FILE"
}

verify() {
    local name failed=0
    while IFS=, read -r name _ _; do
        [[ "$name" == "name" || -z "$name" ]] && continue
        name=$(echo "$name" | tr 'A-Z ' 'a-z-')
        if getent hosts "$name" >/dev/null; then
            log "ok: $name -> $(getent hosts "$name" | awk '{print $1}')"
        else
            log "missing: $name"
            failed=1
        fi
    done < "$CSV"
    return $failed
}

validate_csv || die "fix $CSV first"
render_block > "$STAGE_DIR/block.txt" 2>>"$LOG"
merge_hosts "$STAGE_DIR/block.txt" "$STAGE_DIR/hosts.new"
install_hosts "$STAGE_DIR/hosts.new"
verify || log "some names did not resolve"
rm -rf "$STAGE_DIR"
