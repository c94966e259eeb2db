//! What an event's own questions and their answers may be: the label's and
//! the answer's length, how many are asked at once, and the checks that
//! name the field a refusal is about. Beneath the handlers that use them
//! (`questions.rs`, `admin.rs`, registering in `mod.rs`).

use std::collections::{BTreeMap, HashSet};

use uuid::Uuid;

use super::store::questions::MAX_LIVE_QUESTIONS;
use super::types::{Question, QuestionAnswer, QuestionText};
use crate::error::{ApiError, ApiResult};

/// The longest label of a question.
pub const MAX_LABEL_CHARS: usize = 200;
/// The longest answer to a question.
pub const MAX_ANSWER_CHARS: usize = 1_000;

/// The field of a question's answer in a refusal: `questions.{id}`.
pub fn answer_field(id: Uuid) -> String {
    format!("questions.{id}")
}

/// The answers as kept: trimmed, empty ones left out. Refused (422, nothing
/// kept) when one answers a question the event does not ask (unknown or
/// retired), answers one twice, is longer than `MAX_ANSWER_CHARS`, or when
/// a required question has no answer (the message names it).
pub fn checked_question_answers(
    questions: &[Question],
    given: Vec<QuestionAnswer>,
) -> ApiResult<Vec<QuestionAnswer>> {
    let mut fields: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    for QuestionAnswer { question_id, answer } in given {
        let field = answer_field(question_id);
        if !questions.iter().any(|question| question.id == question_id) {
            fields.entry(field).or_default().push(
                "This question is no longer asked (or never was): reload the page to see the questions."
                    .to_owned(),
            );
        } else if !seen.insert(question_id) {
            fields.entry(field).or_default().push("Answered twice: send one answer.".to_owned());
        } else if answer.trim().chars().count() > MAX_ANSWER_CHARS {
            fields.entry(field).or_default().push("At most 1,000 characters.".to_owned());
        } else if !answer.trim().is_empty() {
            kept.push(QuestionAnswer { question_id, answer: answer.trim().to_owned() });
        }
    }
    let unanswered: Vec<&Question> = questions
        .iter()
        .filter(|question| question.required && !kept.iter().any(|answer| answer.question_id == question.id))
        .filter(|question| !fields.contains_key(&answer_field(question.id)))
        .collect();
    for question in &unanswered {
        fields
            .entry(answer_field(question.id))
            .or_default()
            .push(format!("Please answer “{}”.", question.label));
    }
    if fields.is_empty() {
        // In the order the questions are asked.
        kept.sort_by_key(|answer| questions.iter().position(|question| question.id == answer.question_id));
        return Ok(kept);
    }
    let message = match unanswered.as_slice() {
        [] => "Please correct the answers marked below.".to_owned(),
        [one] => format!("Please answer “{}”.", one.label),
        many => format!(
            "Please answer {}.",
            many.iter().map(|question| format!("“{}”", question.label)).collect::<Vec<_>>().join(", ")
        ),
    };
    Err(ApiError::Unprocessable { message, fields })
}

/// A question's text as kept (trimmed), or the refusal at its field.
pub(super) fn checked_text(mut text: QuestionText) -> ApiResult<QuestionText> {
    text.label = text.label.trim().to_owned();
    if text.label.is_empty() || text.label.chars().count() > MAX_LABEL_CHARS {
        return Err(ApiError::Unprocessable {
            message: "Please correct the fields marked below.".into(),
            fields: [("label".to_owned(), vec![format!("A question of 1 to {MAX_LABEL_CHARS} characters.")])]
                .into(),
        });
    }
    Ok(text)
}

/// The questions of a new event, checked (the refusal names the question's
/// place: `questions.0.label`).
pub fn checked_new_questions(questions: Vec<QuestionText>) -> ApiResult<Vec<QuestionText>> {
    if questions.len() as i64 > MAX_LIVE_QUESTIONS {
        return Err(ApiError::Unprocessable {
            message: "Please correct the fields marked below.".into(),
            fields: [("questions".to_owned(), vec![too_many_text()])].into(),
        });
    }
    questions
        .into_iter()
        .enumerate()
        .map(|(index, question)| {
            checked_text(question).map_err(|error| match error {
                ApiError::Unprocessable { message, fields } => ApiError::Unprocessable {
                    message,
                    fields: fields
                        .into_iter()
                        .map(|(field, m)| (format!("questions.{index}.{field}"), m))
                        .collect(),
                },
                other => other,
            })
        })
        .collect()
}

fn too_many_text() -> String {
    format!("An event asks at most {MAX_LIVE_QUESTIONS} questions at once: retire one first.")
}
