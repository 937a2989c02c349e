#!/usr/bin/env bash
curl -k https://self-signed.example/api
