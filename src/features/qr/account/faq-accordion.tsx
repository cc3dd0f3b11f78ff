import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { FaqEntry } from './pricing-faq';

/**
 * Questions that open one at a time: a click opens a question and closes the one that was open;
 * a click on the open one closes it. Each question is a real button, so Enter and Space work.
 */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div className="faq">
      {entries.map((entry, index) => {
        const open = openIndex === index;
        const questionId = `${baseId}-question-${index}`;
        const answerId = `${baseId}-answer-${index}`;
        return (
          <div key={entry.question} className="faq__item">
            <h3 className="faq__question">
              <button
                id={questionId}
                type="button"
                aria-expanded={open}
                aria-controls={answerId}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                {entry.question}
                <ChevronDown className="faq__chevron" aria-hidden="true" size={20} />
              </button>
            </h3>
            <div
              id={answerId}
              role="region"
              aria-labelledby={questionId}
              className="faq__answer"
              hidden={!open}
            >
              <p>{entry.answer}</p>
              {entry.link ? <Link to={entry.link.to}>{entry.link.label}</Link> : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
