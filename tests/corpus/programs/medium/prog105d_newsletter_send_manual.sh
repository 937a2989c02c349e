#!/usr/bin/env bash
# newsletter_send.sh - build and mail "The Signal Box", the club's monthly
# members' newsletter.
#
# Pulls the current member list from the membership portal, renders the
# issue from Markdown with pandoc and sends one message per member through
# msmtp (account "club" in ~/.msmtprc).  Settings live in newsletter.conf.
# Run it by hand once the editor has signed off the issue.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CONF="${NEWSLETTER_CONF:-$SCRIPT_DIR/newsletter.conf}"
WORK="$SCRIPT_DIR/build"
LOG="$SCRIPT_DIR/newsletter.log"
QUIET=0
DRY_RUN=0

PORTAL_URL="https://portal.signalbox-club.example.org"
FROM_ADDR="newsletter@signalbox-club.example.org"
ISSUE_DIR="$SCRIPT_DIR/issues"
SEND_DELAY=2

log() {
    local msg="[$(date '+%F %T')] $*"
    echo "$msg" >> "$LOG"
    [[ $QUIET -eq 1 ]] || echo "$msg" >&2
}

die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-q] [-i ISSUE.md]
  -n   dry run: render and list recipients but send nothing
  -q   quiet (log file only)
  -i   issue file (default: newest .md in $ISSUE_DIR)
EOF
}

load_config() {
    # shellcheck source=/dev/null
    [[ -f "$CONF" ]] && source "$CONF"
    : "${PORTAL_TOKEN:?PORTAL_TOKEN must be set in $CONF or the environment}"
    command -v msmtp  >/dev/null || die "msmtp not installed"
    command -v pandoc >/dev/null || die "pandoc not installed"
    command -v jq     >/dev/null || die "jq not installed"
}

fetch_members() {
    # the portal sits behind the clubhouse router's self-signed certificate
    curl -k -fsS --retry 3 --max-time 60 \
        -H "Authorization: Bearer $PORTAL_TOKEN" \
        "$PORTAL_URL/api/members?status=current&newsletter=1" \
        -o "$WORK/members.json" || die "could not download member list"
    jq -r '.members[] | select(.email != null) | [.email, .first_name] | @tsv' \
        "$WORK/members.json" > "$WORK/recipients.tsv"
    log "$(wc -l < "$WORK/recipients.tsv") recipients"
}

render_issue() {
    local src="$1"
    pandoc "$src" -s --metadata title="The Signal Box" \
        --template="$SCRIPT_DIR/templates/email.html" -o "$WORK/issue.html" \
        || die "pandoc failed on $src"
    SUBJECT="The Signal Box - $(head -n1 "$src" | sed 's/^# *//')"
}

send_one() {
    local email="$1" name="$2"
    {
        printf 'From: The Signal Box <%s>\n' "$FROM_ADDR"
        printf 'To: %s <%s>\n' "$name" "$email"
        printf 'Subject: %s\n' "$SUBJECT"
        printf 'MIME-Version: 1.0\nContent-Type: text/html; charset=UTF-8\n\n'
        sed "s/{{first_name}}/${name//\//\\/}/g" "$WORK/issue.html"
    } | msmtp -a club "$email"
}

main() {
    local issue=""
    while getopts "nqi:h" opt; do
        case "$opt" in
            n) DRY_RUN=1 ;;
            q) QUIET=1 ;;
            i) issue="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    mkdir -p "$WORK"
    load_config
    [[ -n "$issue" ]] || issue="$(ls -t "$ISSUE_DIR"/*.md 2>/dev/null | head -n1)"
    [[ -f "$issue" ]] || die "no issue found"

    render_issue "$issue"
    fetch_members

    local sent=0 failed=0
    while IFS=$'\t' read -r email name; do
        if [[ $DRY_RUN -eq 1 ]]; then
            log "would send to $email"
            continue
        fi
        if send_one "$email" "$name"; then
            sent=$((sent + 1))
        else
            failed=$((failed + 1)); log "failed: $email"
        fi
        sleep "$SEND_DELAY"
    done < "$WORK/recipients.tsv"

    log "sent=$sent failed=$failed issue=$(basename "$issue")"
}

main "$@"
