import { useEffect, useRef, useState } from "react";
import { INTERSTITIAL_QUESTIONS, INTERSTITIAL_THANKS, listIdsAfterYes } from "#domain/interstitial-questions.ts";

// The questions asked while the lenders are searched (docs/product/behaviour.md#interstitial-questions): yes or
// no to each of three, then a thank-you that Got it closes. A yes hands the lists to `onYes`, which sends
// the marketing call; its failure never stops the questions.
export function InterstitialQuestions({ onYes }: { onYes: (listIds: number[]) => void }) {
  const [index, setIndex] = useState(0);
  const [lists, setLists] = useState<number[] | undefined>(undefined);
  const [closed, setClosed] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);

  // The answered question's buttons are gone; focus moves to the next question rather than to the page.
  useEffect(() => {
    if (answered.current) headingRef.current?.focus();
  }, [index]);

  if (closed) return null;
  const question = INTERSTITIAL_QUESTIONS[index];

  const answer = (yes: boolean) => {
    if (yes && question) {
      const next = listIdsAfterYes(lists, question);
      setLists(next);
      onYes(next);
    }
    answered.current = true;
    setIndex((i) => i + 1);
  };

  return (
    <section className="interstitial" aria-labelledby="interstitial-heading">
      {question ? (
        <>
          <h2 id="interstitial-heading" ref={headingRef} tabIndex={-1} className="interstitial__question">
            <span className="visually-hidden">
              Question {question.questionNumber} of {INTERSTITIAL_QUESTIONS.length}:{" "}
            </span>
            {question.question}
          </h2>
          <div className="interstitial__answers">
            <button type="button" className="button button--primary" onClick={() => answer(true)}>
              Yes
            </button>
            <button type="button" className="button button--secondary" onClick={() => answer(false)}>
              No
            </button>
          </div>
        </>
      ) : (
        <>
          <h2 id="interstitial-heading" ref={headingRef} tabIndex={-1} className="interstitial__question">
            {INTERSTITIAL_THANKS.title}
          </h2>
          <p>{INTERSTITIAL_THANKS.text}</p>
          <button type="button" className="button button--primary" onClick={() => setClosed(true)}>
            {INTERSTITIAL_THANKS.button}
          </button>
        </>
      )}
    </section>
  );
}
