// The server's HTTP API (docs/protocol.md) and the seats this browser holds.

// GET (no body) or POST (JSON body) an API path; throws an Error carrying the server's message.
export async function api(path, body) {
  const init =
    body === undefined
      ? {}
      : {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(data.message || `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

let gamesCache = null;

// GET /api/games once per page: {games: [...], agents: [...]}.
export function games() {
  gamesCache ??= api("/api/games");
  return gamesCache;
}

// The seat token of each table this browser plays at, in localStorage (never in a URL):
// "feathers:seat:<table>" = {"token": "...", "seats": [0, 2]}.
const PREFIX = "feathers:seat:";

export const held = {
  get(table) {
    try {
      return JSON.parse(localStorage.getItem(PREFIX + table)) || null;
    } catch {
      return null;
    }
  },
  set(table, token, seats) {
    localStorage.setItem(PREFIX + table, JSON.stringify({ token, seats }));
  },
  tables() {
    return Object.keys(localStorage)
      .filter((k) => k.startsWith(PREFIX))
      .map((k) => k.slice(PREFIX.length));
  },
};

// Claim a seat (0-based) with an invite code, or with none at an open table; the token this
// browser already holds at the table is reused (hot seat: one token, several seats).
export async function claim(table, seat, invite) {
  const mine = held.get(table);
  const body = { seat };
  if (invite) body.invite = invite;
  if (mine) body.token = mine.token;
  const answer = await api(`/api/tables/${table}/claim`, body);
  held.set(table, answer.token, answer.seats);
  return answer;
}

// Browser-wide settings (e.g. a view's memory aid), in localStorage.
export const settings = {
  get(name, fallback) {
    const value = localStorage.getItem(`feathers:setting:${name}`);
    return value === null ? fallback : JSON.parse(value);
  },
  set(name, value) {
    localStorage.setItem(`feathers:setting:${name}`, JSON.stringify(value));
  },
};
