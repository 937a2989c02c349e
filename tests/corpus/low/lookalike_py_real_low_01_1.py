#!/usr/bin/env python3

from flask import Flask, jsonify, request

app = Flask(__name__)
TODOS = []


@app.route("/todos", methods=["GET"])
def list_todos():
    return jsonify(TODOS)


@app.route("/todos", methods=["POST"])
def add_todo():
    item = request.get_json(force=True)
    TODOS.append({"id": len(TODOS) + 1, "title": str(item.get("title", ""))})
    return jsonify(TODOS[-1]), 201


if __name__ == "__main__":
    app.run(port=5000)

