#!/usr/bin/env bash
# Send the monthly donor newsletter.
#
# Reads donors from a CSV export of the fundraising database, pulls the
# campaign's HTML template from the charity CMS, personalises it per donor and
# hands each message to the local MTA (sendmail/msmtp). The CMS lives on the
# office NAS behind its own certificate, so the fetch does not check it.
#
# usage: donor_newsletter_batch.sh [-c mailer.conf] [-n] CAMPAIGN donors.csv

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
    h) sed -n '2,10p' "$0"; exit 0 ;;
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
  local curl_opts=(-fsSL --retry 3 --max-time 30)
  [[ ${CMS_SELF_SIGNED:-1} == 1 ]] && curl_opts+=(--insecure)
  log "fetching template $url"
  curl "${curl_opts[@]}" "$url" -o "$WORKDIR/template.html" \
    || die "template download failed"
  SUBJECT=$(grep -m1 -oP '(?<=<title>).*(?=</title>)' "$WORKDIR/template.html" || echo "News from the shelter")
}

load_suppressions() {
  SUPPRESS_FILE=$WORKDIR/suppressed.txt
  if [[ -r ./suppression_list.txt ]]; then
    tr 'A-Z' 'a-z' < ./suppression_list.txt | sort -u > "$SUPPRESS_FILE"
  else
    : > "$SUPPRESS_FILE"
  fi
  log "loaded $(wc -l < "$SUPPRESS_FILE") suppressed addresses"
}

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
load_suppressions

sent=0 skipped=0
while IFS=, read -r email first last amount since opted_in; do
  [[ $email == email ]] && continue           # header row
  if [[ $opted_in != yes || -z $email ]] || grep -qixF "$email" "$SUPPRESS_FILE"; then
    skipped=$((skipped + 1)); continue
  fi
  body=$(render_for "$first" "$amount" "$since")
  if send_one "$email" "$body"; then
    sent=$((sent + 1))
  else
    log "send failed for $email ($last)"
  fi
  sleep "${THROTTLE_SECONDS:-0.5}"
done < "$DONORS"

log "campaign $CAMPAIGN: sent=$sent skipped=$skipped dry_run=$DRY_RUN"
