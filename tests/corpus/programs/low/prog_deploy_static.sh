#!/bin/bash
set -e
npm ci
npm run build
rsync -az --delete dist/ deploy@web1.example.com:/srv/site/
curl -fsS -X POST -H "Authorization: Bearer $DEPLOY_TOKEN" https://api.example.com/deploys -d '{"site":"docs"}'
