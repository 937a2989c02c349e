#!/bin/sh
wget -qO- https://example.com/data.json | jq .
