// The page's entry point: the lobby at "/", a table at "/t/{id}" or an invite "/t/{id}/seat/{n}",
// a game's lessons at "/learn/{game}" and one lesson at "/learn/{game}/{mode}".
import { learnPage } from "./learn.js";
import { lobbyPage } from "./lobby.js";
import { continuePage } from "./seats.js";
import { tablePage } from "./table.js";

const root = document.getElementById("app");
const device = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/continue\/?$/);
const table = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)(?:\/seat\/(\d+))?\/?$/);
const learn = location.pathname.match(/^\/learn\/([a-z0-9_-]+)(?:\/([a-z0-9_-]+))?\/?$/);
if (device) {
  continuePage(root, device[1], location.hash.slice(1), tablePage);
} else if (learn) {
  learnPage(root, learn[1], learn[2] ?? null);
} else if (table) {
  const seat = table[2] ? Number(table[2]) - 1 : null;
  tablePage(root, table[1], seat, new URLSearchParams(location.search).get("invite"));
} else {
  lobbyPage(root);
}
