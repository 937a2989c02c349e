#!/usr/bin/env bash
# branch_printer_deploy.sh - add the branch's network printers to CUPS.
#
# Reads the branch printer list (CSV: name,address,model,location), turns it
# into lpadmin commands and applies them.  CUPS administration needs
# elevated rights, so the commands are run through sudo.
set -uo pipefail

PRINTER_LIST="${PRINTER_LIST:-./branch_printers.csv}"
BRANCH_CODE="${BRANCH_CODE:-BR000}"
DEFAULT_PRINTER=""
DRY_RUN=0
ADDED=0
FAILED=0

log() { printf '%s [%s] %s\n' "$(date '+%T')" "$BRANCH_CODE" "$*" >&2; }

usage() {
    cat >&2 <<EOF
Usage: $0 [-f printers.csv] [-b branch] [-d default_name] [-n]
EOF
}

while getopts ":f:b:d:nh" opt; do
    case "$opt" in
        f) PRINTER_LIST="$OPTARG" ;;
        b) BRANCH_CODE="$OPTARG" ;;
        d) DEFAULT_PRINTER="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -r "$PRINTER_LIST" ]]; then
    log "cannot read printer list $PRINTER_LIST"
    exit 1
fi

# Validate and normalise the CSV in Python; rows come back tab separated.
normalise_rows() {
    CSV_TEXT="$(cat "$PRINTER_LIST")" BRANCH="$BRANCH_CODE" python3 - <<'PY'
import csv, io, ipaddress, os, re, sys
rows = csv.reader(io.StringIO(os.environ["CSV_TEXT"]))
for n, row in enumerate(rows, 1):
    if not row or row[0].startswith("#") or row[0] == "name":
        continue
    try:
        name, addr, model, location = [c.strip() for c in row[:4]]
        ipaddress.ip_address(addr)
    except ValueError as exc:
        print(f"line {n}: skipped ({exc})", file=sys.stderr)
        continue
    queue = re.sub(r"[^A-Za-z0-9_-]", "_", f"{os.environ['BRANCH']}_{name}")
    print(f"{queue}\tipp://{addr}/ipp/print\t{model}\t{location}")
PY
}

add_printer() {
    local queue="$1" uri="$2" model="$3" location="$4"
    local cmd=(sudo lpadmin -p "$queue" -E -v "$uri" -m everywhere
               -D "$model" -L "$location" -o printer-error-policy=retry-job)
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "dry run: ${cmd[*]}"
        return 0
    fi
    if "${cmd[@]}"; then
        sudo cupsenable "$queue" && sudo cupsaccept "$queue"
    else
        return 1
    fi
}

rows="$(normalise_rows)" || { log "printer list could not be parsed"; exit 1; }
if [[ -z "$rows" ]]; then
    log "no valid printers in $PRINTER_LIST"
    exit 1
fi

while IFS=$'\t' read -r queue uri model location; do
    if add_printer "$queue" "$uri" "$model" "$location"; then
        ADDED=$((ADDED + 1))
        log "added $queue ($uri)"
    else
        FAILED=$((FAILED + 1))
        log "failed to add $queue"
    fi
done <<< "$rows"

if [[ -n "$DEFAULT_PRINTER" && "$DRY_RUN" -eq 0 ]]; then
    sudo lpadmin -d "${BRANCH_CODE}_${DEFAULT_PRINTER}" && log "default set to $DEFAULT_PRINTER"
fi

log "done: $ADDED added, $FAILED failed"
[[ "$FAILED" -eq 0 ]]
