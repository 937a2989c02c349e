#!/usr/bin/env bash
# client_email_mx_check.sh - before the spring saddle-fitting reminder run,
# check every client email domain still has working mail servers so the
# bounce rate stays low on the mailing account.
#
#   client_email_mx_check.sh clients.csv            -> report to stdout
#   client_email_mx_check.sh -o bad.csv clients.csv -> also write bad rows
#
# clients.csv: name,email,horse,last_fitting
set -uo pipefail

OUT=""
RESOLVER="${MXCHECK_RESOLVER:-1.1.1.1}"
CACHE_DIR="./.mxcache"

usage() { echo "usage: $0 [-o bad.csv] [-r resolver] clients.csv" >&2; exit 64; }

while getopts ":o:r:" opt; do
  case $opt in
    o) OUT=$OPTARG ;;
    r) RESOLVER=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 && -f $1 ]] || usage
CSV=$1

command -v dig >/dev/null || { echo "dig not found (install dnsutils / bind-utils)" >&2; exit 69; }
mkdir -p "$CACHE_DIR"

# Confirm the resolver answers before we start timing lookups.
resolver_check() {
  if ! dig +short +time=2 +tries=1 @"$RESOLVER" example.com A >/dev/null 2>&1; then
    echo "resolver $RESOLVER not answering, falling back to system resolver" >&2
    RESOLVER=""
  fi
}

ask() {
  if [[ -n $RESOLVER ]]; then dig +short +time=3 +tries=2 @"$RESOLVER" "$@"
  else dig +short +time=3 +tries=2 "$@"; fi
}

mx_for() {
  local domain=$1 cache="$CACHE_DIR/$1"
  if [[ -f $cache && $(( $(date +%s) - $(stat -c %Y "$cache") )) -lt 86400 ]]; then
    cat "$cache"; return
  fi
  ask "$domain" MX | sort -n | awk '{print $2}' | tee "$cache"
}

resolver_check

total=0; bad=0
[[ -n $OUT ]] && echo "name,email,reason" > "$OUT"

while IFS=, read -r name email horse last; do
  [[ $name == name ]] && continue
  total=$((total + 1))
  domain=${email##*@}
  if [[ $email != *@* || -z $domain ]]; then
    printf '%-24s %-32s BAD ADDRESS\n' "$name" "$email"
    [[ -n $OUT ]] && echo "$name,$email,malformed" >> "$OUT"
    bad=$((bad + 1)); continue
  fi
  mx=$(mx_for "$domain" | head -1)
  if [[ -z $mx ]]; then
    if [[ -n $(ask "$domain" A) ]]; then
      printf '%-24s %-32s no MX (A record fallback)\n' "$name" "$email"
    else
      printf '%-24s %-32s NO MAIL SERVER\n' "$name" "$email"
      [[ -n $OUT ]] && echo "$name,$email,no-mx" >> "$OUT"
      bad=$((bad + 1))
    fi
  else
    printf '%-24s %-32s ok (%s) horse=%s last=%s\n' "$name" "$email" "${mx%.}" "$horse" "$last"
  fi
done < "$CSV"

echo "checked $total clients, $bad need attention" >&2
[[ $bad -eq 0 ]]
