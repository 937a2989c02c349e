#!/bin/sh
\s\u\d\o id
