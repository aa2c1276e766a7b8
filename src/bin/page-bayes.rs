//! The naive Bayes page's bundle: each page is its own wasm file, so a visit loads only the
//! page it opens (README, "Bundle").

puzzlelab::page_bundle!(bayes::BayesPage);
